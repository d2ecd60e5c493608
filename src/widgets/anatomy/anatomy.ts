import { define, Widget } from '../lib/widget';
import { anatomyView } from './view';

class AnatomyWidget extends Widget {
  update() {
    this.show(anatomyView(this.messages, this.values().value ?? ''));
  }
}

define('anatomy', AnatomyWidget);

import { define, Widget } from '../lib/widget';
import { browserSetsView } from './view';

class BrowserSetsWidget extends Widget {
  update() {
    this.show(browserSetsView(this.messages, this.values().value ?? ''));
  }
}

define('browser-sets', BrowserSetsWidget);

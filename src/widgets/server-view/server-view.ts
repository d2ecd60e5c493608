import { define, Widget } from '../lib/widget';
import { serverView } from './view';

class ServerViewWidget extends Widget {
  update() {
    this.show(serverView(this.messages, this.values().value ?? ''));
  }
}

define('server-view', ServerViewWidget);

import { define, Widget } from '../lib/widget';
import { serversView } from './view';

class ServersWidget extends Widget {
  update() {
    this.show(serversView(this.messages, this.values().value ?? ''));
  }
}

define('servers', ServersWidget);

import { define, Widget } from '../lib/widget';
import { policyOf } from '../lib/policy';
import { normalizeView } from './view';

class NormalizeWidget extends Widget {
  update() {
    const v = this.values();
    this.show(normalizeView(this.messages, v.value ?? '', policyOf(v)));
  }
}

define('normalize', NormalizeWidget);

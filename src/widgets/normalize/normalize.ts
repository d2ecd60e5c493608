import { define, Widget } from '../lib/widget';
import { policyOf } from '../lib/policy';
import { notePolicyLink } from '../lib/policy-link';
import { normalizeView } from './view';

class NormalizeWidget extends Widget {
  override checkLink(fields: Map<string, string>) {
    notePolicyLink(this, fields);
  }

  update() {
    const v = this.values();
    this.show(normalizeView(this.messages, v.value ?? '', policyOf(v)));
  }
}

define('normalize', NormalizeWidget);

import { define, Widget } from '../lib/widget';
import { policyOf } from '../lib/policy';
import { notePolicyLink } from '../lib/policy-link';
import { compareView } from './view';

class CompareWidget extends Widget {
  override checkLink(fields: Map<string, string>) {
    notePolicyLink(this, fields);
  }

  update() {
    const values = this.values();
    const { verdict, ...v } = compareView(this.messages, values.a ?? '', values.b ?? '', policyOf(values));
    this.show(v);
    this.find('[data-role=output]').dataset.verdict = verdict;
  }
}

define('compare', CompareWidget);

import { define, Widget } from '../lib/client';
import { compareView } from './view';

class CompareWidget extends Widget {
  update() {
    const { a = '', b = '' } = this.values();
    const { verdict, ...v } = compareView(this.m, a, b);
    this.show(v);
    this.q('[data-role=output]').dataset.verdict = verdict;
  }
}

define('pe-compare', CompareWidget);

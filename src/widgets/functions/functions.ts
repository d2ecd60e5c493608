import { define, Widget } from '../lib/widget';
import type { EncoderId } from '../../codec';
import { functionsView, wholeResult } from './view';

class FunctionsWidget extends Widget {
  /** Each row's result; when a long text was encoded only as far as its cell shows, Copy encodes it whole. */
  results = new Map<EncoderId, string>();
  complete = true;

  override connectedCallback() {
    this.addEventListener('click', (e) => {
      const b = (e.target as Element).closest<HTMLButtonElement>('button[data-action=copy-encoded]');
      const cell = b?.closest('tr')?.querySelector<HTMLElement>('[data-role=encoded]');
      if (!b || !cell) return;
      const id = b.dataset.encoder as EncoderId;
      const text = this.complete ? this.results.get(id) : wholeResult(id, this.values().value ?? '');
      void this.copy(b, cell, text ?? cell.textContent ?? '');
    });
    super.connectedCallback();
  }

  update() {
    const { values, complete, ...view } = functionsView(this.messages, this.values().value ?? '', {
      id: this.id,
      live: true,
    });
    this.results = values;
    this.complete = complete;
    this.show(view);
  }
}

define('functions', FunctionsWidget);

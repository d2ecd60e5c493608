import { define, Widget } from '../lib/widget';
import { decodeState, decodeView, layersView } from './view';
import fullUrl from './full?chunk';

class DecodeWidget extends Widget {
  t = 0;
  /** full.ts (line by line, the codec's inspector), loaded the first time it is needed. */
  declare more?: typeof import('./full');

  /** The inspector, asked for only by a result that needs it: the first time, full.ts starts loading. */
  inspector = () => (this.have(fullUrl) ? this.more!.inspect : undefined);

  /**
   * Whether full.ts was asked for and has not arrived: the result that asked waits for it
   * (have() runs update() again then) rather than show less for a moment.
   */
  waiting() {
    return !!this.loading && !this.more;
  }

  update() {
    const s = decodeState(this.values());
    if (s.lines && !this.have(fullUrl)) return;
    if (s.lines) this.more!.render(this, s);
    else {
      const v = decodeView(this.messages, s, this.inspector);
      if (this.waiting()) return;
      this.show(v);
    }
    // The layers decode the text again and again: show the result first, then them.
    clearTimeout(this.t);
    this.t = window.setTimeout(() => {
      const layers = layersView(this.messages, s.value, s.mode, s.charset, this.inspector);
      if (!this.waiting()) this.show({ layers });
    });
  }
}

define('decode', DecodeWidget);

import { define, Widget } from '../lib/widget';
import { decodeState, decodeView, layersView } from './view';
import fullUrl from './full?chunk';

class DecodeWidget extends Widget {
  t = 0;
  /** full.ts (line by line, the codec's inspector), loaded the first time it is needed. */
  declare more?: typeof import('./full');

  /** The inspector, asked for only by a result that needs it: the first time, full.ts starts loading. */
  inspector = () => (this.have(fullUrl) ? this.more!.inspect : undefined);

  update() {
    const s = decodeState(this.values());
    if (s.lines && !this.have(fullUrl)) return;
    if (s.lines) this.more!.render(this, s);
    else {
      const v = decodeView(this.messages, s, this.inspector);
      // A result that asked for the inspector waits for it (have() runs update() again), rather
      // than show an error with only its first run marked for a moment.
      if (this.loading && !this.more) return;
      this.show(v);
    }
    // The layers decode the text again and again: show the result first, then them. They
    // do not wait for the inspector: its note on a layered escape follows when it arrives.
    clearTimeout(this.t);
    this.t = window.setTimeout(() =>
      this.show({ layers: layersView(this.messages, s.value, s.mode, s.charset, this.inspector) }),
    );
  }
}

define('decode', DecodeWidget);

import { define, Widget } from '../lib/widget';
import { decodeState, decodeView, layersView } from './view';
import fullUrl from './full?chunk';

class DecodeWidget extends Widget {
  t = 0;
  /** full.ts (line by line), loaded the first time it is chosen. */
  declare more?: typeof import('./full');

  update() {
    const s = decodeState(this.values());
    if (s.lines && !this.have(fullUrl)) return;
    if (s.lines) this.more!.render(this, s);
    else this.show(decodeView(this.messages, s));
    // The layers decode the text again and again: show the result first, then them.
    clearTimeout(this.t);
    this.t = window.setTimeout(() => this.show({ layers: layersView(this.messages, s.value, s.mode, s.charset) }));
  }
}

define('decode', DecodeWidget);

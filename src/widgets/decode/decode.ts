import { define, Widget } from '../lib/widget';
import { decodeState, decodeView, layersView } from './view';

class DecodeWidget extends Widget {
  t = 0;

  update() {
    const s = decodeState(this.values());
    this.show(decodeView(this.messages, s));
    // The layers decode the text again and again: show the result first, then them.
    clearTimeout(this.t);
    this.t = window.setTimeout(() => this.show({ layers: layersView(this.messages, s.value, s.mode, s.charset) }));
  }
}

define('decode', DecodeWidget);

import { define, Widget } from '../lib/widget';
import { asMode, encodeView } from './view';
import fullUrl from './full?chunk';

class EncodeWidget extends Widget {
  /** full.ts: the "why" table, legacy charsets, line by line; loaded on first need. */
  declare more?: typeof import('./full');

  override connectedCallback() {
    super.connectedCallback();
    this.find('details').addEventListener('toggle', () => this.why());
  }

  update() {
    const { value = '', mode, charset, lines } = this.values();
    if (charset === 'utf-8' && !lines) this.show(encodeView(this.messages, value, asMode(mode)));
    // Until full.ts is here the last result stays; it recomputes once loaded.
    else if (this.have(fullUrl)) this.more!.render(this);
    this.why();
  }

  /** The byte table is built only while it is open: a 1 MB paste never pays for it. */
  why() {
    if (this.find<HTMLDetailsElement>('details').open && this.have(fullUrl)) this.more!.why(this);
  }
}

define('encode', EncodeWidget);

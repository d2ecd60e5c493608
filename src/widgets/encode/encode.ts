import { define, Widget } from '../lib/widget';
import { asMode, encodeView, whyView } from './view';

class EncodeWidget extends Widget {
  override connectedCallback() {
    super.connectedCallback();
    // The byte table is built only while it is open: a 1 MB paste never pays for it.
    this.find('details').addEventListener('toggle', () => this.why());
  }

  update() {
    const { value = '', mode } = this.values();
    this.show(encodeView(this.messages, value, asMode(mode)));
    this.why();
  }

  why() {
    const { value = '', mode } = this.values();
    if (this.find<HTMLDetailsElement>('details').open) this.show({ why: whyView(this.messages, value, asMode(mode)) });
  }
}

define('encode', EncodeWidget);

/**
 * Loads a widget's live code only when a reader is about to use it. Until then the
 * build-time HTML stands on its own: every result is already in the page, so a reader who
 * only reads downloads no widget code and no codec.
 *
 * The code loads on the first of:
 * - the widget coming within half a screen of the viewport (an IntersectionObserver), so it
 *   is usually running before the reader reaches it;
 * - a focus, pointer press or key inside it (a jump link or keyboard user can be faster);
 * - a share link naming it (`#<id>?<state>`), at load or on `hashchange`.
 *
 * Input typed before the code arrives is not lost: the element recomputes from the form
 * when it upgrades (`Widget.connectedCallback`).
 *
 * This module is the only widget code a page loads up front, so it imports nothing. Each
 * widget's script passes the URL of its chunk (`import url from './<name>?chunk'`, see
 * astro.config.mjs).
 */
export function loadOnUse(kind: string, module: string): void {
  // The tag as widgetTag (lib/view.ts) writes it, spelled out: this module imports nothing,
  // so that each page's inline script stays this small.
  const widgets = [...document.querySelectorAll<HTMLElement>(`pe-${kind}`)];
  if (widgets.length === 0) return;
  const triggers = ['focusin', 'pointerdown', 'keydown'] as const;
  let loading: Promise<void> | undefined;
  const start = () => {
    loading ??= import(/* @vite-ignore */ module).then(
      () => {
        near.disconnect();
        removeEventListener('hashchange', onHash);
        for (const w of widgets) for (const type of triggers) w.removeEventListener(type, start);
      },
      // Offline or a failed request: the static HTML stays, and the next use tries again.
      () => (loading = undefined),
    );
  };
  const near = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
    // Half a screen below the viewport: running before the reader reaches it.
    rootMargin: '0px 0px 50% 0px',
  });
  const onHash = () => {
    const id = location.hash.slice(1).split('?')[0];
    if (widgets.some((w) => w.id === id)) start();
  };
  for (const w of widgets) {
    near.observe(w);
    for (const type of triggers) w.addEventListener(type, start);
  }
  addEventListener('hashchange', onHash);
  onHash();
}

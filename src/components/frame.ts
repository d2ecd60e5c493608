/**
 * The page frame's behaviour, one small module on every page (Base.astro):
 *
 * - Dropdowns, the site menu below 72rem and the languages, are `<details data-dropdown>`
 *   and open and close without JavaScript. Here Escape closes an open one and gives the
 *   focus back to its button, and following a link in it, clicking elsewhere (another
 *   dropdown's button included) or coming back to the page from the back-forward cache
 *   closes it. A dropdown whose button the CSS hides (the menu laid out as a column) is left
 *   alone. The listeners sit on the document, so they also serve a body put in place after
 *   load (the 404 page takes the chrome of the reader's language).
 * - `<page-toc>` marks the link of the section being read with `aria-current="true"`: the
 *   last heading above the top third of the window. An IntersectionObserver watches the
 *   headings cross that line, so nothing runs while the reader scrolls within a section.
 * - `<theme-switch>` stores the reader's colour theme (ThemeInit.astro applies it on load).
 */
import { THEME_KEY } from './theme';

const dropdowns = () =>
  [...document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]')].filter(
    (d) => d.querySelector('summary')!.getClientRects().length,
  );

document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape')
    for (const d of dropdowns()) {
      if (d.contains(document.activeElement)) d.querySelector('summary')!.focus();
      d.open = false;
    }
});
document.addEventListener('click', (e) => {
  const target = e.target as Element;
  for (const d of dropdowns()) if (target.closest('a') || !d.contains(target)) d.open = false;
});
addEventListener('pageshow', (e: PageTransitionEvent) => {
  if (e.persisted) for (const d of dropdowns()) d.open = false;
});

customElements.define(
  'page-toc',
  class extends HTMLElement {
    connectedCallback() {
      const links = [...this.querySelectorAll('a')];
      const headings = links.map((a) => document.getElementById(a.hash.slice(1)));
      const observer = new IntersectionObserver(
        () => {
          let current: HTMLAnchorElement | undefined;
          headings.forEach((h, i) => {
            if (h && h.getBoundingClientRect().top <= innerHeight / 3) current = links[i];
          });
          for (const a of links)
            a === current ? a.setAttribute('aria-current', 'true') : a.removeAttribute('aria-current');
        },
        { rootMargin: '0px 0px -67% 0px' },
      );
      for (const h of headings) if (h) observer.observe(h);
    }
  },
);

customElements.define(
  'theme-switch',
  class extends HTMLElement {
    connectedCallback() {
      const select = this.querySelector('select')!;
      const root = document.documentElement;
      select.value = root.dataset.theme ?? 'system';
      select.onchange = () => {
        const theme = select.value;
        try {
          // Storage refused (a private window, a policy): the choice holds for this page only.
          theme === 'system' ? localStorage.removeItem(THEME_KEY) : localStorage.setItem(THEME_KEY, theme);
        } catch {}
        if (theme === 'system') delete root.dataset.theme;
        else root.dataset.theme = theme;
      };
      this.hidden = false;
    }
  },
);

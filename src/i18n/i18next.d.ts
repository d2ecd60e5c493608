import 'i18next';
import type en from './en.json';

// Types every `t('...')` key against the English file, the source of truth for keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** The localStorage key of the reader's colour theme: `light` or `dark`; absent means the system's. */
export const THEME_KEY = 'theme';

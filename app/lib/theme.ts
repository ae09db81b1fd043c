/** Where a visitor's own choice of theme is kept; without one the site follows the system setting. */
export const THEME_KEY = 'theme';

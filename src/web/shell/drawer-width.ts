/**
 * The desktop menu's width. Its own module so the shell can keep the menu's place while the menu's
 * chunk (MenuDrawer) or the session is still loading, without importing the chunk itself.
 */
export const DRAWER_WIDTH = 264;

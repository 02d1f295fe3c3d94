/**
 * Pieces every step shares: the icon set, the CSS class names, the background task runner,
 * and small formatting of sizes. Depends on core only for its value types.
 */
package dev.hippack.ui.common;

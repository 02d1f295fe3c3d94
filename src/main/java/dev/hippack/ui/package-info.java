/** The JavaFX wizard. The only package allowed to import javafx.*. */
package dev.hippack.ui;

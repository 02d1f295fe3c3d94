/**
 * The five steps, one package each: {@code XxxStepView} (nodes, built in code) and
 * {@code XxxStepViewModel} (javafx.beans and javafx.collections only, tested without a toolkit).
 */
package dev.hippack.ui.steps;

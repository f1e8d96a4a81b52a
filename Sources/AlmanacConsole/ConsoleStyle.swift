/// The console's one style sheet, served at `/console.css` (the Content-Security-Policy allows
/// styles from the console itself only, so no page carries a `style` attribute or element). Colours
/// are render's Okabe–Ito palette; every state also says its name, so nothing depends on colour alone.
/// Narrow screens (a phone, about 390 px) get one column and tables that scroll sideways.
enum ConsoleStyle {
    static let css = """
        :root{--sky:#56B4E9;--green:#009E73;--orange:#E69F00;--blue:#0072B2;--vermillion:#D55E00;--purple:#CC79A7;--yellow:#F0E442;--grey:#666666}
        *{box-sizing:border-box}
        body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#111;background:#fff;font-size:15px;line-height:1.45}
        header{background:var(--blue);color:#fff;padding:8px 16px;display:flex;flex-wrap:wrap;gap:4px 18px;align-items:baseline}
        header a{color:#fff}
        header .brand{font-weight:700;text-decoration:none;font-size:17px}
        header nav{display:flex;flex-wrap:wrap;gap:4px 14px}
        header .who{margin-left:auto;font-size:14px}
        header form{display:inline}
        main{padding:10px 16px 24px;max-width:1400px}
        h1{font-size:21px;margin:8px 0 4px;overflow-wrap:anywhere}
        h2{font-size:17px;margin:18px 0 6px}
        p{margin:6px 0}
        .scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
        table{border-collapse:collapse;width:100%;font-size:14px}
        th,td{border-bottom:1px solid #d0d0d0;padding:4px 8px;text-align:left;vertical-align:top}
        th{background:#f2f2f2;font-weight:600;white-space:nowrap}
        td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
        .id{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:anywhere}
        td.id{min-width:12em}
        time{text-decoration:underline dotted #888;white-space:nowrap}
        .state{display:inline-block;padding:0 6px;border:2px solid var(--grey);border-radius:4px;font-size:13px;white-space:nowrap}
        .state-pending,.state-claimed{border-color:var(--sky)}
        .state-started,.state-in_doubt{border-color:var(--orange)}
        .state-done,.state-running{border-color:var(--green)}
        .state-failed,.state-lost{border-color:var(--vermillion);background:#fbe3d6}
        .state-in_doubt{background:#fbeed0}
        .state-paused{border-color:var(--purple);background:#f6e6ef}
        .state-standing{border-color:var(--yellow)}
        dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:6px 0}
        dl.facts dt{font-weight:600}
        dl.facts dd{margin:0;overflow-wrap:anywhere}
        pre{background:#f6f6f6;border:1px solid #ddd;padding:8px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;font-size:13px}
        form.act{display:inline-block;margin:2px 4px 2px 0}
        button{font:inherit;font-size:14px;padding:3px 10px;border:1px solid var(--blue);border-radius:4px;background:#e8f1f8;color:#003a5c;cursor:pointer}
        button.danger{border-color:var(--vermillion);background:#fbe3d6;color:#5c2000}
        .pager{margin:10px 0;display:flex;gap:16px}
        .notice{border-left:4px solid var(--green);background:#e6f4ef;padding:6px 10px;margin:8px 0}
        .notice.refused{border-color:var(--vermillion);background:#fbe3d6}
        .muted{color:#555}
        img.timeline{display:block;width:100%;max-width:1200px;height:auto;border:1px solid #ddd;background:#fff}
        .cards{display:flex;flex-wrap:wrap;gap:8px 16px;margin:6px 0}
        .cards a{display:block;border:1px solid #ccc;border-radius:6px;padding:6px 12px;text-decoration:none;color:#111}
        .cards b{display:block;font-size:20px}
        label{display:block;margin:6px 0 2px}
        input[type=password],input[type=text]{font:inherit;padding:4px;width:100%;max-width:28em}
        @media (max-width:640px){
          main{padding:8px 10px 20px}
          header{padding:6px 10px}
          header .who{margin-left:0}
          .wide{display:none}
          td{min-width:7.5em}
          dl.facts{grid-template-columns:1fr}
          dl.facts dt{margin-top:4px}
        }

        """
}

"""The app's own chrome (chat, panels), beside UI4A's stylesheet for the canvas."""

from ui4a import harness
from ui4a.render.html import stylesheet, theme_css

APP_CSS = """
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #eef0f4;
       color: #1b1f27; }
.pg-header { display: flex; align-items: center; gap: 16px; padding: 10px 20px; background: #fff;
             border-bottom: 1px solid #d9dde5; }
.pg-header h1 { font-size: 18px; margin: 0; }
.pg-header nav { display: flex; gap: 14px; margin-left: auto; font-size: 14px; }
.pg-header a { color: #3b5bdb; text-decoration: none; }
.pg-source-badge { font-size: 12px; padding: 2px 8px; border-radius: 999px; background: #fff3bf; color: #5c4400;
                   border: 1px solid #f0d870; }
.pg-main { display: grid; grid-template-columns: minmax(300px, 380px) minmax(0, 1fr); gap: 16px; padding: 16px 20px;
           height: calc(100vh - 54px); box-sizing: border-box; }
.pg-chat, .pg-stage { background: #fff; border: 1px solid #d9dde5; border-radius: 10px; display: flex;
                      flex-direction: column; min-height: 0; }
.pg-messages { flex: 1; overflow: auto; padding: 12px; display: flex; flex-direction: column; gap: 10px; }
.pg-msg { padding: 8px 12px; border-radius: 10px; font-size: 14px; line-height: 1.45; max-width: 92%;
          white-space: pre-wrap; overflow-wrap: anywhere; }
.pg-msg-user { align-self: flex-end; background: #3b5bdb; color: #fff; }
.pg-msg-assistant { align-self: flex-start; background: #f1f3f5; }
.pg-meta { display: block; margin-top: 4px; font-size: 11.5px; color: #5b6472; }
.pg-msg-user .pg-meta { color: #dbe4ff; }
.pg-thumbs { display: inline-flex; gap: 4px; margin-top: 4px; }
.pg-thumb { display: inline-flex; border: 1px solid #d9dde5; background: #fff; color: #5b6472; border-radius: 6px;
            padding: 3px 6px; cursor: pointer; }
.pg-thumb-down svg { transform: rotate(180deg); }
.pg-thumb:hover { color: #1b1f27; }
.pg-thumb[aria-pressed="true"] { background: #dbe4ff; border-color: #3b5bdb; color: #3b5bdb; }
.pg-ask { display: flex; gap: 8px; padding: 10px; border-top: 1px solid #d9dde5; }
.pg-ask input { flex: 1; padding: 9px 10px; border: 1px solid #c5cad3; border-radius: 8px; font: inherit; }
.pg-ask button, .pg-toolbar button { padding: 8px 14px; border: 0; border-radius: 8px; background: #3b5bdb;
                                      color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
.pg-ask button:disabled { opacity: .6; cursor: wait; }
.pg-suggestions { display: flex; flex-wrap: wrap; gap: 6px; padding: 0 12px 12px; }
.pg-suggestions button { font-size: 12.5px; padding: 5px 10px; border-radius: 999px; border: 1px solid #c5cad3;
                         background: #fff; cursor: pointer; }
.pg-toolbar { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-bottom: 1px solid #d9dde5;
              font-size: 13px; color: #5b6472; }
.pg-toolbar button { margin-left: auto; background: #e7ebf3; color: #1b1f27; }
.pg-canvas { flex: 1; overflow: auto; padding: 16px; }
.pg-canvas-empty { color: #5b6472; text-align: center; margin-top: 18vh; }
.pg-errors { margin: 0; padding: 10px 14px; background: #fff5f5; color: #c92a2a; border-top: 1px solid #ffc9c9;
             font: 12.5px ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; }
.pg-source { margin: 0; max-height: 40%; overflow: auto; padding: 10px 14px; background: #1b1f27; color: #e9ecf1;
             font: 12.5px ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; }
.gl-main { display: grid; grid-template-columns: 200px minmax(0, 1fr); gap: 20px; padding: 16px 20px; }
.gl-nav { position: sticky; top: 12px; align-self: start; display: flex; flex-direction: column; gap: 2px;
          font-size: 14px; max-height: calc(100vh - 90px); overflow: auto; }
.gl-nav a { color: #1b1f27; text-decoration: none; padding: 2px 6px; border-radius: 4px; }
.gl-nav a:hover { background: #dbe4ff; }
.gl-card { background: #fff; border: 1px solid #d9dde5; border-radius: 10px; padding: 16px 18px; margin-bottom: 16px; }
.gl-card h2 { margin: 0 0 4px; font-size: 20px; }
.gl-desc { margin: 0 0 10px; color: #5b6472; }
.gl-props { border-collapse: collapse; width: 100%; font-size: 13px; margin: 8px 0 12px; }
.gl-props th, .gl-props td { text-align: left; padding: 5px 8px; border-bottom: 1px solid #e9ecef; vertical-align: top; }
.gl-props code, .gl-code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
.gl-code { display: block; white-space: pre-wrap; overflow-wrap: anywhere; background: #f1f3f5; padding: 8px 10px; border-radius: 6px;
           margin: 0 0 10px; }
.gl-editor { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; }
.gl-editor textarea { width: 100%; min-height: 260px; box-sizing: border-box; font: 13px ui-monospace, Menlo,
                      Consolas, monospace; padding: 10px; border: 1px solid #c5cad3; border-radius: 8px; }
.gl-ok { color: #2b8a3e; font-size: 13px; }
"""

GLOBAL_CSS = stylesheet() + theme_css(harness.current().render.tokens) + APP_CSS

"""Checking rendered UIs in a real browser: what the benchmark runs, and what users run in their CI.

cases.py    a case (request, reference compact code, checks) and loading a directory of them
kinds.py    every kind of check (text, role, fill, check, select, click) and how one runs on a page
runner.py   running a case's checks on a rendered document or any page, failures as one line each
browser.py  Debian's Chromium launched offline for Playwright, and a watch on what a page does
"""

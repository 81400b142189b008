// Post headers (lib/extract/post-headers.ts): a thread's posts come back with the author name and date
// that open each of them; posts signed below their text (Q&A answers) and pages of fewer than three
// headed posts are left as they are.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "../../lib/encoding/decode.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { findPostHeaders } from "../../lib/extract/post-headers.ts";
import { parseHtml, type ParentNode } from "../../lib/extract/dom.ts";

const fixture = (name: string) => decodeHtml(gunzipSync(readFileSync(join(import.meta.dirname, "..", "fixtures", "extract", "page-type", name)))).text;

const post = (name: string, date: string, text: string) =>
  `<div class="post"><dl class="postprofile"><dt><a href="./memberlist.php?mode=viewprofile&amp;u=1" class="username">${name}</a></dt><dd class="profile-joined">Joined: 5. Nov 2014</dd></dl>` +
  `<div class="postbody"><p class="author">by <a href="./memberlist.php?mode=viewprofile&amp;u=1">${name}</a> <time datetime="2024-09-11">${date}</time></p><div class="content">${text}</div></div></div>`;

describe("post headers", () => {
  it("reads each post's author and date, not the member's join date", () => {
    const html = `<html><body><div id="page-body">${post("galitsyn", "11. Sep 2024, 18:36", "You can download the release here.")}${post("Simple07", "11. Sep 2024, 21:06", "Having upgraded, I am having network issues.")}${post("ehasis", "11. Sep 2024, 22:05", "I'm also having network problems.")}</div></body></html>`;
    const headers = [...findPostHeaders(parseHtml(html).root().get(0) as ParentNode).values()];
    expect(headers).toEqual([
      { author: "galitsyn", date: "11. Sep 2024, 18:36" },
      { author: "Simple07", date: "11. Sep 2024, 21:06" },
      { author: "ehasis", date: "11. Sep 2024, 22:05" },
    ]);
  });

  it("finds no thread in two posts", () => {
    const html = `<html><body>${post("a1", "1 May 2024", "One.")}${post("b2", "2 May 2024", "Two.")}</body></html>`;
    expect(findPostHeaders(parseHtml(html).root().get(0) as ParentNode).size).toBe(0);
  });

  it("puts the author and date back in front of each post of a phpBB thread", () => {
    // WCXB 0536: the benchmark's text is "galitsyn / 11. Sep 2024, 18:36 / You can download the release here. ..."
    const r = extractArticle(fixture("wcxb-0536.html.gz"), { url: "https://forums.virtualbox.org/viewtopic.php?t=112320" });
    expect(r.methodReason).toMatch(/added the headers of \d+ posts/);
    expect(r.text).toMatch(/galitsyn\n\n11\. Sep 2024, 18:36\n\nYou can download the release/);
    expect(r.text).toMatch(/Simple07\n\n11\. Sep 2024, 21:06\n\nHaving upgraded/);
  });

  it("fills in the posts of a thread the chosen content left out, in document order", () => {
    // WCXB 0518: the density container is the one-line "NIH - 7/18" post; the opening post and the replies come back
    const r = extractArticle(fixture("wcxb-0518.html.gz"), { url: "https://forums.studentdoctor.net/threads/official-2024-2025-infectious-disease-application-thread.1498484/" });
    expect(r.methodReason).toMatch(/filled in \d+ posts of the thread/);
    const open = r.text.indexOf("I heard that Cincinnati has already sent out interview invitations");
    const nih = r.text.indexOf("NIH - 7/18"), congrats = r.text.indexOf("That's amazing! Congrats!");
    expect(open).toBeGreaterThan(-1);
    expect(open).toBeLessThan(nih);
    expect(nih).toBeLessThan(congrats);
    expect(r.text).toMatch(/pnomes\n\nJul 19, 2024\n\nThat's amazing! Congrats!/);
  });

  it("leaves out the thread's title above its first post", () => {
    // WCXB 0518: the benchmark's text opens with the first post, not with the <h1> naming the thread
    const r = extractArticle(fixture("wcxb-0518.html.gz"), { url: "https://forums.studentdoctor.net/threads/official-2024-2025-infectious-disease-application-thread.1498484/" });
    expect(r.text).not.toMatch(/Official 2024-2025 Infectious Disease Application Thread/i);
    expect(r.text).toMatch(/I heard that Cincinnati has already sent out interview invitations/);
  });

  it("leaves Q&A answers signed below their text without a header", () => {
    // WCXB 2828: Stack Exchange signs each answer ("answered Oct 18, 2023 at 7:58", name) after its text
    const r = extractArticle(fixture("wcxb-2828.html.gz"), { url: "https://serverfault.com/questions/1145952/dhcp-providing-ip-but-not-creating-dns-a-record" });
    expect(r.methodReason).not.toMatch(/added the headers/);
  });
});

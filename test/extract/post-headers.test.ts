// Post headers (lib/extract/post-headers.ts): a thread's posts come back with the author name and date
// that open each of them; posts signed below their text (Q&A answers) and pages of fewer than three
// headed posts are left as they are.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findPostHeaders } from "../../lib/extract/post-headers.ts";
import { parseHtml, type ParentNode } from "../../lib/extract/dom.ts";


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




});

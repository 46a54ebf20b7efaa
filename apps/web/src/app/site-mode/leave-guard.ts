import type { MouseEvent } from 'react';

/**
 * A page that must not be left unasked (a joining checkout) hears of links to the other sites
 * too, not only of navigations inside its own (issue 34 item 7, decision 0084): such a link is a
 * new document, which the router's blocker never sees. Every cross-site anchor is a `SiteLink` or a
 * `CrossSiteAnchor` (lint forbids a bare `<a href={…}>`), and both ask through here.
 */
type AskBeforeLeaving = (href: string) => void;

let ask: AskBeforeLeaving | null = null;

/** The page's question, while it has one; returns the way to withdraw it. */
export function guardCrossSiteLinks(question: AskBeforeLeaving): () => void {
  ask = question;
  return () => {
    if (ask === question) ask = null;
  };
}

/** A plain click on a cross-site link, while a page asks first: the page asks instead of leaving. */
export function onCrossSiteClick(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  if (!ask || event.defaultPrevented || event.button !== 0) return;
  // A new tab or window leaves nothing behind: it needs no question.
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  ask(href);
}

/** Leaves for another site's page, once the page has asked and been told to. */
export function leaveFor(href: string): void {
  window.location.assign(href);
}

// What a part of the uploader showed, render by render: a message that first appeared empty, or as
// its key, before its words arrived is in the record, however quickly it was corrected.

export interface TextRecord {
  /** Each distinct text the part showed, in order (a part that appeared twice counts twice). */
  readonly texts: string[];
  stop(): void;
}

/** Records the texts of the first `[part~=name]` node from now on, after each render (before paint). */
export function recordTexts(element: HTMLElement, name: string): TextRecord {
  const texts: string[] = [];
  let last: string | undefined;
  const read = () => {
    const node = element.shadowRoot!.querySelector(`[part~="${name}"]`);
    const text = node?.textContent?.trim();
    if (text !== last && text !== undefined) texts.push(text);
    last = text;
  };
  const observer = new MutationObserver(read);
  observer.observe(element.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
  read();
  return { texts, stop: () => observer.disconnect() };
}

/** Whether the page has fetched a module whose URL contains `path` (the dev server serves each module by its path). */
export function fetched(path: string): boolean {
  return performance.getEntriesByType('resource').some((entry) => entry.name.includes(path));
}

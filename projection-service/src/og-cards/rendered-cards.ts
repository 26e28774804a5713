/**
 * The last cards rendered, by version (a listing's id and last change), least recently asked for
 * dropped first. A render still running is held too: a burst of crawlers asking for a new card
 * renders it once, and each waits for that one render.
 */
export class RenderedCards {
  private readonly cards = new Map<string, Promise<Buffer>>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.cards.size;
  }

  get(version: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const held = this.cards.get(version);
    // A Map keeps insertion order: taken out and put back, the card is the most recent.
    this.cards.delete(version);
    const card = held ?? render();
    this.cards.set(version, card);
    if (!held) {
      // A failed render is not kept: the next request tries again.
      card.catch(() => {
        if (this.cards.get(version) === card) this.cards.delete(version);
      });
      for (const oldest of this.cards.keys()) {
        if (this.cards.size <= this.capacity) break;
        this.cards.delete(oldest);
      }
    }
    return card;
  }
}

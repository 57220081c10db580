/**
 * A first-in first-out list whose `shift` costs O(1) amortised: `Array#shift`
 * moves every remaining element, which at 10,000 retained writes would cost
 * the write path a copy of the whole log per write.
 */
export class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.items[this.head] = undefined as T;
    this.head++;
    // Compact once the dead front is both large and most of the array.
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /**
   * Visits the items from the first for which `from` is true, oldest first,
   * until `visit` returns false; true when it reached the end. Finding the
   * start costs O(log n), and nothing past the point where `visit` stopped is touched.
   */
  walk(from: (item: T) => boolean, visit: (item: T) => boolean): boolean {
    for (let index = this.firstIndex(from); index < this.items.length; index++) {
      if (!visit(this.items[index]!)) return false;
    }
    return true;
  }

  private firstIndex(from: (item: T) => boolean): number {
    let low = this.head;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (from(this.items[mid]!)) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

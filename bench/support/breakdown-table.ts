/**
 * Prints the peer benchmark's second table: where each uploader's time went (run-breakdown.ts),
 * the median of every figure over the rounds.
 */
import type { RunBreakdown } from './run-breakdown.js';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const COLUMNS: Array<{ title: string; pick: (breakdown: RunBreakdown) => number | undefined; digits: number }> = [
  { title: 'init sent ms', pick: (breakdown) => breakdown.initSentMs, digits: 0 },
  { title: 'init answered ms', pick: (breakdown) => breakdown.initMs, digits: 0 },
  { title: 'first sign sent ms', pick: (breakdown) => breakdown.firstSignSentMs, digits: 0 },
  { title: 'first sign answered ms', pick: (breakdown) => breakdown.firstSignMs, digits: 0 },
  { title: 'all slots busy ms', pick: (breakdown) => breakdown.allSlotsBusyMs, digits: 0 },
  { title: 'signs', pick: (breakdown) => breakdown.signs, digits: 0 },
  { title: 'idle gap median ms', pick: (breakdown) => breakdown.idleGapMedianMs, digits: 1 },
  { title: 'idle gap max ms', pick: (breakdown) => breakdown.idleGapMaxMs, digits: 0 },
  { title: 'idle gaps total slot-ms', pick: (breakdown) => breakdown.idleGapTotalMs, digits: 0 },
  { title: 'PUT median ms', pick: (breakdown) => breakdown.putMedianMs, digits: 0 },
  { title: 'first to last PUT ms', pick: (breakdown) => breakdown.transferMs, digits: 0 },
  { title: 'slot use', pick: (breakdown) => breakdown.slotUse, digits: 2 },
  { title: 'tail ms', pick: (breakdown) => breakdown.tailMs, digits: 0 },
  { title: 'complete ms', pick: (breakdown) => breakdown.completeMs, digits: 0 },
  { title: 'connections to storage', pick: (breakdown) => breakdown.storageConnections, digits: 0 },
  { title: 'connections to handler', pick: (breakdown) => breakdown.handlerConnections, digits: 0 },
  { title: 'long tasks', pick: (breakdown) => breakdown.longTasks, digits: 0 },
  { title: 'long task ms', pick: (breakdown) => breakdown.longTaskMs, digits: 0 },
  { title: 'longest task at ms', pick: (breakdown) => breakdown.longestTaskAtMs, digits: 0 },
];

export function printBreakdownTable(rows: Array<{ label: string; breakdowns: RunBreakdown[] }>): void {
  console.log(`\n| uploader | ${COLUMNS.map((column) => column.title).join(' | ')} |`);
  console.log(`|---|${COLUMNS.map(() => '---').join('|')}|`);
  for (const { label, breakdowns } of rows) {
    const cells = COLUMNS.map(({ pick, digits }) => {
      const values = breakdowns.map(pick).filter((value): value is number => value !== undefined);
      return values.length === 0 ? '' : median(values).toFixed(digits);
    });
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
}

import { expect } from '@open-wc/testing';
import { TransferRateEstimator } from '../../../engine/core/transfer-rate.js';

const MiB = 1024 * 1024;

/** An estimator on a clock the test moves by hand. */
function onManualClock() {
  let now = 0;
  const estimator = new TransferRateEstimator(() => now);
  return {
    estimator,
    /** Moves the clock to `at` ms and records the bytes sent by then. */
    sample(at: number, bytes: number) {
      now = at;
      estimator.record(bytes);
    },
    advance(to: number) {
      now = to;
    },
  };
}

describe('transfer rate estimator', () => {
  it('stays hidden until two seconds of samples, then reports the steady rate and the time left', () => {
    const { estimator, sample } = onManualClock();
    for (let at = 0; at < 2000; at += 250) {
      sample(at, (at / 1000) * MiB);
      expect(estimator.estimate(10 * MiB), `at ${at} ms`).to.deep.equal({});
    }
    sample(2000, 2 * MiB);
    const { bytesPerSecond, secondsRemaining } = estimator.estimate(8 * MiB);
    expect(bytesPerSecond).to.be.closeTo(MiB, 1);
    expect(secondsRemaining).to.be.closeTo(8, 0.001);
  });

  it('stays hidden while too few bytes were sent, however long it has been', () => {
    const { estimator, sample } = onManualClock();
    for (let at = 0; at <= 5000; at += 500) sample(at, at);
    expect(estimator.estimate(MiB)).to.deep.equal({});
  });

  it('does not jump when parts complete in bursts: 4 MiB every 2 s reads close to 2 MiB/s throughout', () => {
    const { estimator, sample } = onManualClock();
    const rates: number[] = [];
    // Progress arrives only as whole parts: nothing for 2 s, then a part of 4 MiB.
    for (let at = 0, bytes = 0; at <= 30_000; at += 250) {
      if (at > 0 && at % 2000 === 0) bytes += 4 * MiB;
      sample(at, bytes);
      const rate = estimator.estimate(100 * MiB).bytesPerSecond;
      if (at >= 10_000 && rate !== undefined) rates.push(rate);
    }
    expect(rates.length).to.be.above(50);
    for (const rate of rates) expect(rate / MiB).to.be.within(1.6, 2.4);
  });

  it('follows a change of speed smoothly, without overshooting', () => {
    const { estimator, sample } = onManualClock();
    let bytes = 0;
    let previous = 0;
    for (let at = 0; at <= 20_000; at += 500) {
      bytes += at <= 10_000 ? MiB / 2 : MiB;
      sample(at, bytes);
    }
    const readings: number[] = [];
    for (let at = 20_500; at <= 40_000; at += 500) {
      bytes += 2 * MiB;
      sample(at, bytes);
      readings.push(estimator.estimate(0).bytesPerSecond!);
    }
    for (const rate of readings) {
      expect(rate).to.be.at.least(previous);
      expect(rate).to.be.at.most(4 * MiB + 1);
      previous = rate;
    }
    expect(readings.at(-1)! / MiB).to.be.closeTo(4, 0.1);
  });

  it('starts over after a reset (pause, offline) and when the byte count goes back (a restarted attempt)', () => {
    const { estimator, sample } = onManualClock();
    for (let at = 0; at <= 4000; at += 500) sample(at, (at / 1000) * MiB);
    expect(estimator.estimate(MiB).bytesPerSecond).to.be.closeTo(MiB, 1);

    estimator.reset();
    expect(estimator.estimate(MiB)).to.deep.equal({});
    sample(5000, 4 * MiB);
    sample(6000, 5 * MiB);
    expect(estimator.estimate(MiB), 'one second after the reset').to.deep.equal({});

    sample(6500, 0);
    sample(7500, MiB);
    expect(estimator.estimate(MiB), 'one second after the restart').to.deep.equal({});
    sample(9000, 2.5 * MiB);
    expect(estimator.estimate(MiB).bytesPerSecond).to.be.closeTo(MiB, 1);
  });

  it('hides a figure that nothing has confirmed for a whole window', () => {
    const { estimator, sample, advance } = onManualClock();
    for (let at = 0; at <= 4000; at += 500) sample(at, (at / 1000) * MiB);
    advance(13_000);
    expect(estimator.estimate(MiB).bytesPerSecond).to.be.closeTo(MiB, 1);
    advance(15_000);
    expect(estimator.estimate(MiB)).to.deep.equal({});
  });
});

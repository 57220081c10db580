import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

type Values = Record<string, string | number | undefined>;

/** The alert box's formatMessage, loaded as the page loads it (a classic script). */
function loadFormatMessage(): (template: unknown, values: Values) => string[] {
  const sandbox: { AlertBox?: { formatMessage(template: unknown, values: Values): string[] } } = {};
  runInNewContext(readFileSync('modules/demo.event.alerts/formatMessage.js', 'utf8'), sandbox);
  return sandbox.AlertBox!.formatMessage;
}

describe('demo.event.alerts formatMessage', () => {
  const format = loadFormatMessage();

  it('fills every placeholder; numbers are grouped as in English', () => {
    const values = { name: 'Cool_User', amount: 1500, tier: 'Tier 3', months: 14, message: 'gg', reward: 'Hydrate' };
    expect(format('{name} just threw {amount} bits! {tier} {months} {message} {reward}', values)).toEqual(['Cool_User just threw 1,500 bits! Tier 3 14 gg Hydrate']);
  });

  it('splits at | into the headline, the detail and the viewer line, at most three', () => {
    expect(format('{name} | with {amount} viewers | {message} | more', { name: 'Pabu', amount: 3, message: 'hi' })).toEqual(['Pabu', 'with 3 viewers', 'hi']);
  });

  it('takes the word that fits the number: {amount:bit:bits}', () => {
    expect(format('{amount:bit:bits}', { amount: 1 })).toEqual(['1 bit']);
    expect(format('{amount:bit:bits}', { amount: 0 })).toEqual(['0 bits']);
    expect(format('{months:month:months}', { months: 2000 })).toEqual(['2,000 months']);
  });

  it('a value the event lacks reads as nothing; an unknown placeholder stays as written', () => {
    expect(format('{name}{message}|{reward}', { name: 'A' })).toEqual(['A', '']);
    expect(format('{nmae} {amount', { name: 'A', amount: 1 })).toEqual(['{nmae} {amount']);
  });

  it("a viewer's text stays exactly as typed: markup, | and placeholders in it are not read", () => {
    expect(format('{name} | {message}', { name: '<b>x</b>', message: '<img src=x onerror=alert(1)> | {name}' })).toEqual([
      '<b>x</b>',
      '<img src=x onerror=alert(1)> | {name}',
    ]);
  });

  it('no message at all gives one empty line', () => {
    expect(format(undefined, {})).toEqual(['']);
    expect(format('', {})).toEqual(['']);
  });
});

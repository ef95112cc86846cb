import { describe, expect, it } from 'vitest';
import { gateReducer, initialGateState, type GateState } from './simple-admin-state';

describe('simple admin gate', () => {
  it('starts locked', () => {
    expect(initialGateState).toEqual({ status: 'locked', checking: false, error: null });
  });

  it('locked → checking → unlocked with the password kept in memory', () => {
    const checking = gateReducer(initialGateState, { type: 'submit' });
    expect(checking).toEqual({ status: 'locked', checking: true, error: null });
    expect(gateReducer(checking, { type: 'unlocked', password: 'pw' })).toEqual({ status: 'unlocked', password: 'pw' });
  });

  it('a refused password stays locked with the message; a new try clears it', () => {
    const refused = gateReducer(gateReducer(initialGateState, { type: 'submit' }), {
      type: 'refused',
      message: 'Incorrect password.',
    });
    expect(refused).toEqual({ status: 'locked', checking: false, error: 'Incorrect password.' });
    expect(gateReducer(refused, { type: 'submit' })).toEqual({ status: 'locked', checking: true, error: null });
  });

  it('ignores an unlock answer that arrives when no check is running', () => {
    expect(gateReducer(initialGateState, { type: 'unlocked', password: 'pw' })).toBe(initialGateState);
  });

  it('logout forgets the password', () => {
    const unlocked: GateState = { status: 'unlocked', password: 'pw' };
    expect(gateReducer(unlocked, { type: 'logout' })).toEqual(initialGateState);
  });

  it('a password the server no longer accepts locks with "Incorrect password."', () => {
    const unlocked: GateState = { status: 'unlocked', password: 'old' };
    expect(gateReducer(unlocked, { type: 'password-rejected' })).toEqual({
      status: 'locked',
      checking: false,
      error: 'Incorrect password.',
    });
  });
});

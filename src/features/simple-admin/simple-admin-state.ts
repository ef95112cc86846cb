/**
 * The gate of the simple admin page
 * (docs/decisions/002-simple-admin-password-in-the-database.md): locked until the server
 * says the password is right, then unlocked holding that password in memory
 * only (it signs every change); logout, or a password the server no longer
 * accepts, locks again.
 */
export type GateState =
  { status: 'locked'; checking: boolean; error: string | null } | { status: 'unlocked'; password: string };

export type GateEvent =
  | { type: 'submit' }
  | { type: 'unlocked'; password: string }
  | { type: 'refused'; message: string }
  | { type: 'logout' }
  | { type: 'password-rejected' };

export const INCORRECT_PASSWORD = 'Incorrect password.';

export const initialGateState: GateState = { status: 'locked', checking: false, error: null };

export function gateReducer(state: GateState, event: GateEvent): GateState {
  switch (event.type) {
    case 'submit':
      return state.status === 'locked' ? { status: 'locked', checking: true, error: null } : state;
    case 'unlocked':
      return state.status === 'locked' && state.checking ? { status: 'unlocked', password: event.password } : state;
    case 'refused':
      return state.status === 'locked' ? { status: 'locked', checking: false, error: event.message } : state;
    case 'logout':
      return initialGateState;
    case 'password-rejected':
      return { status: 'locked', checking: false, error: INCORRECT_PASSWORD };
  }
}

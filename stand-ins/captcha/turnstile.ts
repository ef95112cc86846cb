/**
 * Stands in for Cloudflare Turnstile, the CAPTCHA that Auth checks before it
 * sends a mail or signs anyone in with a password
 * (docs/decisions/185-captcha-before-auth-mails.md). No request leaves the
 * machine: the browser's widget script and the server's siteverify are both
 * answered here. The local backend mounts it at /captcha (supabase/local/server.ts)
 * and hands `siteverify` to its Auth as the provider.
 *
 *   GET  /captcha/turnstile/v0/api.js     the widget script: `window.turnstile`
 *        with render/reset/remove/getResponse.
 *   POST /captcha/turnstile/v0/siteverify `secret`, `response`, `remoteip`
 *        (form-encoded or JSON) → {success, error-codes, hostname}.
 *   GET  /captcha/__mode                  {mode, verifications}
 *   PUT  /captcha/__mode                  {mode}, see below.
 *
 * Test keys and tokens (Cloudflare's documented testing keys): the site keys
 * 1x00000000000000000000AA and …BB tick the box by themselves and yield the
 * dummy token XXXX.DUMMY.TOKEN.XXXX; 2x00000000000000000000AB and …BB call
 * the error callback; 3x00000000000000000000FF waits for a click. Secrets:
 * 1x0000000000000000000000000000000AA accepts the dummy token,
 * 2x…AA refuses every token, 3x…AA answers a spent token
 * (timeout-or-duplicate). Any other secret counts as a real one, which
 * refuses the dummy token, and no real token can be made offline.
 *
 * Telling it to fail: `PUT /captcha/__mode` with {"mode": "refuse"} (every
 * token refused, as for a bot) or {"mode": "unavailable"} (siteverify does
 * not answer: 503 over HTTP, so Auth answers 500), {"mode": "ok"} to go
 * back. The control endpoint needs the service-role key (Authorization:
 * Bearer or apikey), so a page cannot switch the check off or on.
 */
import { headerValue, jsonResponse, type LocalRequest, type LocalResponse } from '../../supabase/local/http.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';

/** What Turnstile's test site keys put in the form (Cloudflare's testing guide). */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** Turnstile's documented test keys. */
export const TURNSTILE_TEST_KEYS = {
  siteAlwaysPasses: '1x00000000000000000000AA',
  siteAlwaysFails: '2x00000000000000000000AB',
  secretAlwaysPasses: '1x0000000000000000000000000000000AA',
  secretAlwaysFails: '2x0000000000000000000000000000000AA',
  secretTokenSpent: '3x0000000000000000000000000000000AA',
} as const;

/** Test site keys and secrets: `1x`, `2x` or `3x`, zeros, two capitals. */
export function isTurnstileTestKey(key: string): boolean {
  return /^[123]x0{20}(?:0{11})?[A-Z]{2}$/.test(key.trim());
}

export const CAPTCHA_MODES = ['ok', 'refuse', 'unavailable'] as const;
export type CaptchaMode = (typeof CAPTCHA_MODES)[number];

/** siteverify's answer (the fields GoTrue reads). */
export interface SiteverifyAnswer {
  success: boolean;
  'error-codes': string[];
  hostname?: string;
  challenge_ts?: string;
}

export class CaptchaStandIn {
  mode: CaptchaMode = 'ok';
  /** siteverify calls received, whatever the answer. */
  verifications = 0;

  /** Turnstile's siteverify, as a function (what the local Auth calls); null: no answer (mode `unavailable`). */
  siteverify(secret: string, response: string): SiteverifyAnswer | null {
    this.verifications += 1;
    if (this.mode === 'unavailable') return null;
    const refuse = (code: string): SiteverifyAnswer => ({ success: false, 'error-codes': [code] });
    if (secret.trim() === '') return refuse('missing-input-secret');
    if (response.trim() === '') return refuse('missing-input-response');
    if (response.length > 2048) return refuse('invalid-input-response');
    if (this.mode === 'refuse') return refuse('invalid-input-response');
    if (secret === TURNSTILE_TEST_KEYS.secretAlwaysFails) return refuse('invalid-input-response');
    if (secret === TURNSTILE_TEST_KEYS.secretTokenSpent) return refuse('timeout-or-duplicate');
    if (secret !== TURNSTILE_TEST_KEYS.secretAlwaysPasses) {
      // A real secret: the dummy token is refused, and no real token exists offline.
      return refuse(isTurnstileTestKey(secret) ? 'invalid-input-secret' : 'invalid-input-response');
    }
    return {
      success: true,
      'error-codes': [],
      hostname: 'example.com',
      challenge_ts: new Date().toISOString(),
    };
  }

  async handle(req: LocalRequest): Promise<LocalResponse> {
    const path = req.segments.slice(1).join('/');
    if (req.suspiciousPath) return notFound();
    if (path === 'turnstile/v0/api.js' && (req.method === 'GET' || req.method === 'HEAD')) {
      return {
        status: 200,
        headers: { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
        body: WIDGET_SCRIPT,
      };
    }
    if (path === 'turnstile/v0/siteverify') {
      if (req.method !== 'POST') return jsonResponse(405, { success: false, 'error-codes': ['bad-request'] });
      const fields = await formFields(req);
      if (!fields) return jsonResponse(400, { success: false, 'error-codes': ['bad-request'] });
      const answer = this.siteverify(fields.get('secret') ?? '', fields.get('response') ?? '');
      return answer ? jsonResponse(200, answer) : { status: 503, body: 'Service Unavailable' };
    }
    if (path === '__mode') return this.control(req);
    return notFound();
  }

  private async control(req: LocalRequest): Promise<LocalResponse> {
    const bearer = /^Bearer\s+(.+)$/i.exec(headerValue(req.headers, 'authorization') ?? '')?.[1];
    if (bearer !== LOCAL_SERVICE_ROLE_KEY && headerValue(req.headers, 'apikey') !== LOCAL_SERVICE_ROLE_KEY) {
      return jsonResponse(401, { message: 'The service-role key is required.' });
    }
    if (req.method === 'PUT') {
      let mode: unknown;
      try {
        mode = (JSON.parse((await req.readBody()).toString('utf8')) as { mode?: unknown }).mode;
      } catch {
        mode = undefined;
      }
      if (typeof mode !== 'string' || !(CAPTCHA_MODES as readonly string[]).includes(mode)) {
        return jsonResponse(422, { message: `mode must be one of ${CAPTCHA_MODES.join(', ')}.` });
      }
      this.mode = mode as CaptchaMode;
    } else if (req.method !== 'GET') {
      return jsonResponse(405, { message: 'GET or PUT.' });
    }
    return jsonResponse(200, { mode: this.mode, verifications: this.verifications });
  }
}

function notFound(): LocalResponse {
  return jsonResponse(404, { message: 'Not Found' });
}

/** siteverify takes a form (what GoTrue sends) or JSON. */
async function formFields(req: LocalRequest): Promise<Map<string, string> | null> {
  const raw = (await req.readBody(64 * 1024)).toString('utf8');
  const type = headerValue(req.headers, 'content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const value = JSON.parse(raw) as Record<string, unknown>;
      return new Map(
        Object.entries(value).flatMap(([key, entry]) => (typeof entry === 'string' ? [[key, entry] as const] : [])),
      );
    } catch {
      return null;
    }
  }
  return new Map(new URLSearchParams(raw));
}

/**
 * The widget stand-in: the subset of Turnstile's explicit-render API the site
 * uses. Like the real widget with appearance 'interaction-only', it shows
 * nothing while it needs nothing from the visitor (the pass and fail test
 * keys); the interactive test key draws a plain checkbox labelled in the
 * widget's language (no frame, no style sheet).
 */
const WIDGET_SCRIPT = `/* Local stand-in for Cloudflare Turnstile's widget (stand-ins/captcha/turnstile.ts). */
(function () {
  var TOKEN = ${JSON.stringify(TURNSTILE_DUMMY_TOKEN)};
  var widgets = {};
  var next = 0;
  function behaviour(sitekey) {
    if (/^1x0{20}(AA|BB)$/.test(sitekey)) return 'pass';
    if (/^2x0{20}(AB|BB)$/.test(sitekey)) return 'fail';
    if (/^3x0{20}FF$/.test(sitekey)) return 'click';
    return 'refuse-real-key';
  }
  function find(id) {
    if (id === undefined) { for (var key in widgets) return widgets[key]; return null; }
    if (typeof id === 'string' && widgets[id]) return widgets[id];
    for (var k in widgets) if (widgets[k].container === id) return widgets[k];
    return null;
  }
  function solve(widget) {
    var kind = behaviour(widget.params.sitekey || '');
    widget.token = '';
    widget.box.checked = false;
    if (kind === 'click') return;
    setTimeout(function () {
      if (!widgets[widget.id]) return;
      if (kind === 'pass') {
        widget.token = TOKEN;
        widget.box.checked = true;
        widget.input.value = TOKEN;
        if (typeof widget.params.callback === 'function') widget.params.callback(TOKEN);
      } else if (typeof widget.params['error-callback'] === 'function') {
        widget.params['error-callback'](kind === 'fail' ? '110200' : '110100');
      }
    }, 0);
  }
  window.turnstile = {
    render: function (container, params) {
      var element = typeof container === 'string' ? document.querySelector(container) : container;
      if (!element) throw new Error('turnstile stand-in: no container');
      var id = 'stand-in-' + (next += 1);
      var label = document.createElement('label');
      label.setAttribute('data-captcha-stand-in', '');
      var box = document.createElement('input');
      box.type = 'checkbox';
      var input = document.createElement('input');
      input.type = 'hidden';
      input.name = params['response-field-name'] || 'cf-turnstile-response';
      label.appendChild(box);
      var french = /^fr/i.test((params && params.language) || '');
      label.appendChild(document.createTextNode(french ? ' Vérifiez que vous êtes humain (substitut local)' : ' Verify you are human (local stand-in)'));
      var quiet = params && params.appearance === 'interaction-only' && behaviour(params.sitekey || '') !== 'click';
      if (quiet) label.hidden = true;
      element.appendChild(label);
      element.appendChild(input);
      var widget = { id: id, container: element, params: params || {}, box: box, input: input, token: '' };
      box.addEventListener('click', function (event) {
        if (behaviour(widget.params.sitekey || '') !== 'click' || widget.token) { event.preventDefault(); return; }
        widget.token = TOKEN;
        widget.input.value = TOKEN;
        if (typeof widget.params.callback === 'function') widget.params.callback(TOKEN);
      });
      widgets[id] = widget;
      solve(widget);
      return id;
    },
    reset: function (id) { var widget = find(id); if (widget) solve(widget); },
    remove: function (id) {
      var widget = find(id);
      if (!widget) return;
      delete widgets[widget.id];
      widget.container.textContent = '';
    },
    getResponse: function (id) { var widget = find(id); return widget ? widget.token : undefined; },
    isExpired: function () { return false; },
  };
})();
`;

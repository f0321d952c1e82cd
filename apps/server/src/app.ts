import { OpenAPIHono } from '@hono/zod-openapi';
import { trace } from '@opentelemetry/api';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { timeout } from 'hono/timeout';
import type { AppDeps, AppEnv } from './app-types';
import { AppError } from './http/app-error';
import { errorHandler } from './http/error-handler';
import { rateLimit } from './http/rate-limit';
import { authenticateFirst, noStore, refuseNulCharacters } from './http/input-guards';
import { operationIndex } from './http/operations';
import { csrfGuard } from './http/request-guards';
import { readRouting } from './http/read-routing';
import { APPLE_FORM_POST_CALLBACK } from './auth/sign-in-providers';
import { spaRoutes } from './http/spa';
import { compressResponses } from './http/compress';
import { validationHook } from './http/validation';
import { repairNullableRefs } from './http/openapi';
import { createAuditLog } from './auth/audit';
import { createAuth } from './auth/auth';
import { authHttp } from './auth/auth-http';
import { createBreachedPasswordCheck } from './auth/breached-passwords';
import { createMailer } from './email/mailer';
import { devOutboxRoutes } from './routes/dev-outbox';
import { docsRoutes } from './routes/docs';
import { accountsRoutes } from './routes/accounts';
import { connectionsRoutes } from './routes/connections';
import { plaidRoutes } from './routes/plaid';
import { billingRoutes } from './routes/billing';
import { importsRoutes } from './routes/imports';
import { dashboardRoutes } from './routes/dashboard';
import { fxRoutes } from './routes/fx';
import { holdingsRoutes } from './routes/holdings';
import { investmentsRoutes } from './routes/investments';
import { marketRoutes } from './routes/market';
import { realEstateRoutes } from './routes/real-estate';
import { reportsRoutes } from './routes/reports';
import { spendingRoutes } from './routes/spending';
import { budgetsRoutes } from './routes/budgets';
import { webhooksRoutes } from './routes/webhooks';
import { webhookDepsFrom, webhooksAfterSync } from './webhooks/deliver';
import { preferencesRoutes } from './routes/preferences';
import { rulesRoutes } from './routes/rules';
import { transactionsRoutes } from './routes/transactions';
import { systemRoutes } from './routes/system';
import { identitiesRoutes } from './routes/identities';
import { householdRoutes } from './routes/household';
import { householdAccess } from './auth/household-access';
import { userRoutes } from './routes/user';
import { notificationsRoutes } from './routes/notifications';
import { cronRoutes } from './routes/cron';
import { apiKeysRoutes } from './routes/api-keys';
import { dataExportRoutes } from './routes/data-export';
import { apiKeyAuth } from './auth/api-key-auth';
import { apiKeyPlanLimit } from './auth/api-key-plan';
import { rateLimitSubject } from './auth/rate-limit-subject';
import { providerAccess } from './connectors/access';
import { plaidLinkSources } from './connectors/plaid/link-csp';
import { createSyncRunner } from './sync/runner';
import { userLimits } from './use-cases/limits/user-limits';
import { cryptoServices } from './prices/crypto-prices';
import { exchangesRoutes } from './routes/exchanges';
import { blockchainRoutes } from './routes/blockchain';
import { applyRulesToTransactions } from './use-cases/rules/apply-rules';
import { metrics, metricsEndpoint } from './observability/metrics';

export type { AppDeps, AppEnv } from './app-types';

const API_BODY_LIMIT_BYTES = 1024 * 1024;
const IMPORT_BODY_LIMIT_BYTES = 15 * 1024 * 1024;
/** A restore streams its upload and writes it in one transaction: a million rows take minutes. */
const RESTORE_TIMEOUT_MS = 60 * 60 * 1000;

/** Builds the HTTP application; `main.ts` serves it, tests call `app.request()` on it. */
export function createApp(deps: AppDeps, mountRoutes?: (api: OpenAPIHono<AppEnv>) => void) {
  const now = deps.now ?? (() => new Date());
  const secure = deps.config.publicUrl.startsWith('https:');
  const plaidLink = plaidLinkSources(deps.config);
  const app = new Hono<AppEnv>();

  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  // The documented operation a request is for (read on first use, once every router is mounted).
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const operations = operationIndex(api, '/api/v1');
  app.use('*', async (c, next) => {
    const logger = deps.logger.child({ requestId: c.get('requestId') });
    c.set('logger', logger);
    // With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), the request's span carries the id its logs carry.
    trace.getActiveSpan()?.setAttribute('lodestar.request_id', c.get('requestId'));
    const started = performance.now();
    await next();
    const elapsed = performance.now() - started;
    metrics.observeRequest(c.req.method, routeLabel(c.req.method, c.req.path), c.res.status, elapsed / 1000);
    logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(elapsed) },
      'request',
    );
  });
  /** The metrics label of a path: a documented template, or the area it belongs to (bounded). */
  const routeLabel = (method: string, path: string): string => {
    if (path.startsWith('/api/v1/')) {
      const matched = operations.match(method, path);
      return matched ? `/api/v1${matched.operation.path}` : '/api/v1/(unknown)';
    }
    if (path.startsWith('/api/auth/')) return '/api/auth/*';
    if (path === '/metrics') return '/metrics';
    if (path.startsWith('/api/')) return '/api/(other)';
    if (path.startsWith('/static/')) return '/static/*';
    return '(page)';
  };
  // JSON and other text of 1 KB or more, brotli or gzip when asked (built assets come precompressed).
  app.use('*', compressResponses());
  const documentHeaders = secureHeaders({
    strictTransportSecurity: secure ? 'max-age=15552000; includeSubDomains' : false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...plaidLink.script],
      // Radix positions popovers with inline styles; no inline script is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...plaidLink.connect],
      frameSrc: ["'self'", ...plaidLink.frame],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(secure ? { upgradeInsecureRequests: [] } : {}),
    },
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
  // Built scripts and style sheets (/static/*.js, *.css) are never documents: the policies that govern a
  // page (CSP, framing, opener, referrer, permissions) do nothing on them, yet cost about 650 bytes on each
  // of the 30-odd files of a first load. They keep nosniff, the resource policy and HSTS. (Images such as
  // SVG, which a browser can open as a document, keep every header.)
  const assetHeaders = secureHeaders({
    strictTransportSecurity: secure ? 'max-age=15552000; includeSubDomains' : false,
    contentSecurityPolicy: undefined,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // (/sw.js is a worker: CSP applies to it, so it keeps every header.)
  const SCRIPT_OR_STYLE = /^\/(?:static\/[^/]+\.(?:js|css)|theme-init\.js|start-on-interaction\.js)$/;
  app.use('*', (c, next) => (SCRIPT_OR_STYLE.test(c.req.path) ? assetHeaders : documentHeaders)(c, next));

  const csrf = csrfGuard(() => deps.config.trustedOrigins, ['/api/v1/notifications/unsubscribe']);

  const audit = createAuditLog(deps.db, deps.logger);
  const mailer =
    deps.mailer ??
    createMailer({
      db: deps.db,
      logger: deps.logger,
      from: deps.config.email.from,
      smtpUrl: deps.config.email.smtpUrl,
      resendApiKey: deps.config.email.resendApiKey,
    });
  const breached = createBreachedPasswordCheck({
    hibpEnabled: deps.config.hibp.enabled,
    hibpBaseUrl: deps.config.hibp.apiUrl,
    allowPrivate: deps.config.outbound.allowPrivate,
    log: (message) => deps.logger.warn({ component: 'auth' }, message),
  });
  const auth = createAuth({
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    mailer,
    audit,
    isBreached: (password) => breached.isBreached(password),
    passwordHashing: deps.passwordHashing,
  });
  // Per API key, per signed-in user, or per address for anyone else (auth/rate-limit-subject.ts).
  const subject = rateLimitSubject({ auth, db: deps.db, config: deps.config, now });
  const apiRateLimit = rateLimit({
    store: deps.rateLimitStore,
    max: deps.config.rateLimit.max,
    windowMs: deps.config.rateLimit.windowMs,
    key: async (c) => `api:${await subject(c as Context<AppEnv>)}`,
  });
  const authApp = new Hono<AppEnv>();
  // Apple answers sign-ins with a form POST from its own site (response_mode=form_post). better-auth
  // answers that POST only with a redirect to the same callback as a GET, which then checks the flow's
  // state against this browser's cookie: the POST itself carries no ambient credential to forge.
  const authCsrf = csrfGuard(() => deps.config.trustedOrigins, [APPLE_FORM_POST_CALLBACK]);
  authApp.use('*', noStore(), apiRateLimit, authCsrf, refuseNulCharacters({ copyBody: true }));
  authApp.route(
    '/',
    authHttp({
      auth,
      db: deps.db,
      audit,
      store: deps.rateLimitStore,
      trustProxy: deps.config.trustProxy,
      signUpLimitPerHour: deps.config.signUpLimitPerHour,
      signInLimitPer15Minutes: deps.config.signInLimitPer15Minutes,
    }),
  );

  api.use('*', noStore());
  api.use('*', apiRateLimit);
  api.use('*', csrf);
  const defaultBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is larger than 1 MB');
    },
  });
  // Statement files travel as JSON text; a 100,000-row CSV is about 8 MB.
  const importBodyLimit = bodyLimit({
    maxSize: IMPORT_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 15 MB');
    },
  });
  api.use('*', (c, next) => {
    // A restore reads its upload as a stream, with its own cap (RESTORE_MAX_BYTES) and gzip support.
    if (c.req.path === '/api/v1/user/restore') return next();
    return c.req.path.startsWith('/api/v1/imports') ? importBodyLimit(c, next) : defaultBodyLimit(c, next);
  });
  const requestTimeout = timeout(
    deps.config.apiTimeoutMs,
    () => new HTTPException(504, { message: 'Request timed out' }),
  );
  // A restore of a large export runs in one transaction for minutes; a 504 while it goes on to commit
  // would tell the user it failed when it did not.
  const restoreTimeout = timeout(
    RESTORE_TIMEOUT_MS,
    () => new HTTPException(504, { message: 'Request timed out' }),
  );
  api.use('*', (c, next) =>
    c.req.path === '/api/v1/user/restore' ? restoreTimeout(c, next) : requestTimeout(c, next),
  );
  const routeDeps = {
    auth,
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    rateLimitStore: deps.rateLimitStore,
    now,
  };
  // API keys (Bearer) sign a request in before any route looks for the session cookie.
  api.use('*', apiKeyAuth(routeDeps));
  // With billing, an API key needs a plan with API access and counts against its calls per day.
  api.use('*', apiKeyPlanLimit(routeDeps));
  // Then the session, before any route validates its input (401 before 400), then NUL characters.
  api.use('*', authenticateFirst(operations, auth));
  // Which household the request acts on, and the one check of what a member may do there (ADR 038).
  api.use('*', householdAccess({ operations, auth, db: deps.db, now }));
  // Read-only listings and analytics may read from the replica (ADR 060, the one list in read-routing.ts).
  api.use('*', readRouting({ operations, primary: deps.db, router: deps.readRouter, now }));
  api.use('*', refuseNulCharacters({ operations, streamedBodies: ['/api/v1/user/restore'] }));
  api.route('/', systemRoutes(deps));
  api.route('/', preferencesRoutes({ auth, db: deps.db }));
  const webhookDeps = webhookDepsFrom({
    db: deps.db,
    logger: deps.logger,
    now,
    config: deps.config,
    mailer,
    ...(deps.queueWebhookDelivery ? { queue: deps.queueWebhookDelivery } : {}),
  });
  const syncRunner = createSyncRunner({
    db: deps.db,
    afterSync: webhooksAfterSync(webhookDeps),
    config: deps.config,
    instanceId: deps.instanceId,
    logger: deps.logger,
    now,
    limitsFor: (userId) => userLimits(routeDeps, userId),
    afterWrite: async (userId, ids) => {
      await applyRulesToTransactions(deps.db, userId, ids);
    },
    providerAccess: providerAccess(deps.config),
    crypto: cryptoServices({ db: deps.db, config: deps.config, logger: deps.logger, now }),
  });
  api.route('/', connectionsRoutes({ ...routeDeps, syncRunner }));
  // FEATURE_CRYPTO=false: the wallet and exchange endpoints are neither served nor in the API document.
  if (deps.config.features.crypto) {
    api.route('/', blockchainRoutes({ ...routeDeps, syncRunner }));
    api.route('/', exchangesRoutes({ ...routeDeps, syncRunner }));
  }
  api.route(
    '/',
    plaidRoutes({
      ...routeDeps,
      syncRunner,
      queueConnectionSync:
        deps.queueConnectionSync ??
        (async (userId, connectionId) => {
          try {
            await syncRunner.start(userId, connectionId);
            return true;
          } catch (error) {
            if (error instanceof AppError && error.code === 'CONFLICT') return false;
            throw error;
          }
        }),
    }),
  );
  api.route('/', accountsRoutes(routeDeps));
  api.route('/', transactionsRoutes(routeDeps));
  api.route('/', rulesRoutes(routeDeps));
  api.route('/', importsRoutes({ ...routeDeps, queueImport: deps.queueImport }));
  api.route('/', dashboardRoutes(routeDeps));
  api.route('/', fxRoutes(routeDeps));
  api.route('/', holdingsRoutes(routeDeps));
  api.route('/', investmentsRoutes(routeDeps));
  api.route('/', marketRoutes(routeDeps));
  api.route('/', realEstateRoutes(routeDeps));
  api.route('/', spendingRoutes(routeDeps));
  api.route('/', budgetsRoutes(routeDeps));
  api.route('/', webhooksRoutes({ ...routeDeps, webhooks: webhookDeps }));
  api.route('/', reportsRoutes(routeDeps));
  api.route(
    '/',
    userRoutes({
      auth,
      db: deps.db,
      audit,
      rateLimitStore: deps.rateLimitStore,
      trustProxy: deps.config.trustProxy,
      config: deps.config,
      isBreached: (password) => breached.isBreached(password),
    }),
  );
  api.route(
    '/',
    identitiesRoutes({ auth, db: deps.db, audit, trustProxy: deps.config.trustProxy, config: deps.config }),
  );
  api.route('/', householdRoutes({ auth, db: deps.db, config: deps.config, mailer, now }));
  api.route('/', notificationsRoutes({ ...routeDeps, mailer }));
  api.route('/', cronRoutes({ ...routeDeps, mailer, syncRunner, queueCronRun: deps.queueCronRun }));
  api.route('/', apiKeysRoutes(routeDeps));
  api.route(
    '/',
    dataExportRoutes({ ...routeDeps, instanceId: deps.instanceId, queueExport: deps.queueExport }),
  );
  api.route('/', billingRoutes(routeDeps));
  mountRoutes?.(api);
  api.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'lodestar.session_token',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'lsk_…',
    description:
      'An API key from Settings → Developer (`Authorization: Bearer lsk_…`), accepted when the server sets ' +
      'FEATURE_PUBLIC_API=true. Read keys may only GET; read-write keys may also write; no key may manage ' +
      'keys, the account (/user/*), export, restore or disconnect-all.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'cronSecret', {
    type: 'http',
    scheme: 'bearer',
    description: 'The server’s CRON_SECRET (`Authorization: Bearer …`), for POST /cron/trigger-all only.',
  });
  // Served by hand instead of doc31() to repair what the generator gets wrong (http/openapi.ts).
  api.get('/openapi.json', (c) =>
    c.json(
      repairNullableRefs(
        api.getOpenAPI31Document({
          openapi: '3.1.0',
          info: {
            title: 'Lodestar API',
            version: deps.version,
            description:
              'JSON over HTTPS. Every response is an envelope `{ success, data }` or `{ success: false, error, code }`; ' +
              'validation failures (400) add `items` and `timestamp`, rate limits (429) add `reset` and `limit`.',
          },
          servers: [{ url: '/api/v1' }],
          // Every endpoint takes the session cookie; with FEATURE_PUBLIC_API=true, API keys too (bearerAuth).
          security: [{ cookieAuth: [] }, { bearerAuth: [] }],
        }),
      ),
    ),
  );
  api.all('*', () => {
    throw AppError.notFound('No API endpoint at this path');
  });

  app.route('/api/auth', authApp);
  app.route('/api/v1', api);
  app.route('/api/docs', docsRoutes());
  app.all('/api/*', () => {
    throw AppError.notFound('No API endpoint at this path');
  });
  if (deps.config.nodeEnv === 'development') app.route('/dev/outbox', devOutboxRoutes(deps.db));
  // Prometheus metrics behind METRICS_TOKEN (METRICS_PORT serves them on a listener of its own instead).
  const metricsToken = deps.config.metrics.token;
  if (metricsToken) app.get('/metrics', metricsEndpoint(metricsToken));
  app.route('/', spaRoutes(deps.webDistDir));
  app.onError(errorHandler(now));
  return app;
}

export type App = ReturnType<typeof createApp>;

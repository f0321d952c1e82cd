/**
 * Generated from the server's OpenAPI document (/api/v1/openapi.json) by `npm run api-types`.
 * Do not edit: change the route's schema in apps/server and run the script again.
 * `npm run check:api-types` (in CI) fails when this file is stale.
 */

export interface paths {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process is up */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Alive */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Health'];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the sign-up and sign-in screens need to know about this server (no secrets) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The server configuration the web app shows */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ServerConfig'];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: the database answers and every migration is applied */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Ready */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Ready'];
            };
          };
        };
        /** @description Database unreachable or migrations pending */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/preferences': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every preference, defaults filled in */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description All preferences after the change */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Preferences'];
            };
          };
        };
      };
    };
    /** Set one preference */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            key:
              | 'theme'
              | 'sidebar_section_order'
              | 'dashboard_layout'
              | 'default_currency'
              | 'default_date_range'
              | 'number_format'
              | 'date_format'
              | 'time_zone'
              | 'compact_view'
              | 'email_notifications'
              | 'push_notifications'
              | 'notification_frequency'
              | 'alert_thresholds'
              | 'show_balances'
              | 'require_2fa'
              | 'watchlist_symbols'
              | 'favorite_accounts'
              | 'analytics_enabled'
              | 'personalization_enabled'
              | 'marketing_enabled'
              | 'third_party_sharing'
              | 'reduce_motion'
              | 'font_size'
              | 'high_contrast'
              | 'transaction_filters'
              | 'hidden_categories'
              | 'enabled_news_sources'
              | 'news_categories'
              | 'notification_types';
            value?: unknown;
          };
        };
      };
      responses: {
        /** @description All preferences after the change */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Preferences'];
            };
          };
        };
        /** @description Validation failed (unknown key or a value outside its rule) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description require_2fa without two-factor authentication */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Set several preferences at once */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      responses: {
        /** @description All preferences after the change */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Preferences'];
            };
          };
        };
        /** @description Validation failed (unknown key or a value outside its rule) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description require_2fa without two-factor authentication */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Linked sources with their status and sync progress */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Connections */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                connections: components['schemas']['Connection'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connections/providers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The ways to add accounts, each with whether this server is set up for it (never a secret) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Providers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                providers: components['schemas']['ConnectionProvider'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/simplefin/connect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Link SimpleFIN Bridge with a setup token (claimed once), or give a SimpleFIN connection a new one */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            setupToken: string;
            /**
             * Format: uuid
             * @description Reconnect this SimpleFIN connection with the new token instead of adding one
             */
            connectionId?: string;
          };
        };
      };
      responses: {
        /** @description Connected; the first sync runs now */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                connection: components['schemas']['Connection'];
              };
            };
          };
        };
        /** @description Not a setup token, or SimpleFIN refused it (already claimed or unknown) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description SimpleFIN did not answer */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connections/demo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Connect the demo bank (about two years of made-up but plausible history) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /**
             * @default standard
             * @enum {string}
             */
            variant?: 'standard' | 'needs_reauth';
          };
        };
      };
      responses: {
        /** @description Connected; the first sync runs now */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                connection: components['schemas']['Connection'];
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connections/{id}/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sync one connection now */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Started */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                connection: components['schemas']['Connection'];
              };
            };
          };
        };
        /** @description Already syncing */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connections/{id}/reconnect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in to the source again, then sync */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Reconnected; syncing */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                connection: components['schemas']['Connection'];
              };
            };
          };
        };
        /** @description The source cannot be reconnected in place */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The source refused the sign-in */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connections/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a connection with its accounts and their transactions */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/plaid/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sync every connection of the user (spec §7 bank-data sync) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /** @enum {string} */
            syncType?: 'full';
            /** @default false */
            forceFullSync?: boolean;
          };
        };
      };
      responses: {
        /** @description Started */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                started: number;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/blockchain/wallets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Wallets with their holdings, values and sync status */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Wallets */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                reportingCurrency: string;
                wallets: components['schemas']['Wallet'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    /** Add a wallet by public address or extended public key (read-only); a private key or recovery phrase is refused */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description `evm`: the address on every EVM chain (one wallet per chain not yet followed)
             * @enum {string}
             */
            chain:
              | 'bitcoin'
              | 'solana'
              | 'ethereum'
              | 'polygon'
              | 'arbitrum'
              | 'optimism'
              | 'base'
              | 'bsc'
              | 'evm';
            address?: string;
            /** @description An xpub, ypub or zpub, or an output descriptor (BIP 380–386) */
            xpub?: string;
            label?: string;
          };
        };
      };
      responses: {
        /** @description Added; the first sync runs now */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                wallet: components['schemas']['Wallet'];
                /** @description Every wallet added (several for `evm`) */
                wallets: components['schemas']['Wallet'][];
              };
            };
          };
        };
        /** @description Not a valid address for the chain, or a secret was pasted */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description This wallet is already added */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/blockchain/wallets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a wallet with its account and history */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/blockchain/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sync every wallet of the user now */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Started */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                started: number;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connections/exchanges/supported': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The exchanges that can be connected, each with the credential fields its API key has */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Supported exchanges */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SupportedExchanges'];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connections/exchanges': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Exchange connections with their holdings per account, values and sync status */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Exchange connections */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                reportingCurrency: string;
                advice: string;
                exchanges: components['schemas']['ExchangeConnection'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    /** Connect an exchange with a read-only API key; a key that can trade or withdraw is refused where the exchange tells */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            exchange: 'binance' | 'coinbase' | 'kraken' | 'okx' | 'bybit' | 'kucoin' | 'bitstamp' | 'gemini';
            apiKey?: string;
            secret?: string;
            password?: string;
            uid?: string;
            label?: string;
          };
        };
      };
      responses: {
        /** @description Connected; the first sync runs now */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                connection: components['schemas']['ExchangeConnection'];
              };
            };
          };
        };
        /** @description A field is missing, the exchange refused the key, or the key can trade or withdraw */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description This API key is already connected */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The exchange did not answer */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/crypto/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sync every exchange connection of the user now (spec §7 crypto/sync) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Started */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                started: number;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/plaid/link-token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A Plaid Link token (with connectionId: update mode, to sign in to that bank again) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /** Format: uuid */
            connectionId?: string;
          };
        };
      };
      responses: {
        /** @description Link token */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                linkToken: string;
                expiration: string;
              };
            };
          };
        };
        /** @description Plaid is not configured on this server (PLAID_CLIENT_ID, PLAID_SECRET) */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Plaid did not create a link session */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/plaid/exchange': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Link’s public token → a connection whose first sync starts now */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            publicToken: string;
            /** @default null */
            institution?: {
              institutionId: string;
              name: string;
            } | null;
          };
        };
      };
      responses: {
        /** @description This login is already linked: reconnect that connection instead */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                connection: null;
                duplicateOf: {
                  id: string;
                  displayName: string;
                  status: string;
                };
                message: string;
              };
            };
          };
        };
        /** @description Linked; the first sync runs now (GET /connections shows its progress) */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                connection: {
                  id: string;
                  displayName: string;
                  status: string;
                };
                duplicateOf: null;
              };
            };
          };
        };
        /** @description Plaid is not configured on this server */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Plaid refused the token or did not answer */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/plaid/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Plaid webhooks (verified: ES256 Plaid-Verification JWT, body SHA-256, at most 5 minutes old) */
    post: {
      parameters: {
        query?: never;
        header: {
          'plaid-verification': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            webhook_type: string;
            webhook_code: string;
            item_id?: string;
          } & {
            [key: string]: unknown;
          };
        };
      };
      responses: {
        /** @description Verified and handled (or acknowledged) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {boolean} */
                received: true;
              };
            };
          };
        };
        /** @description Signature, body hash or age not accepted; nothing was done */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's accounts */
    get: {
      parameters: {
        query?: {
          tab?: 'all' | 'banks' | 'brokers' | 'exchanges' | 'wallets';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Accounts */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                accounts: components['schemas']['Account'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    /** Add a manual account */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            /** @enum {string} */
            type:
              | 'depository'
              | 'credit'
              | 'investment'
              | 'brokerage'
              | 'loan'
              | 'exchange'
              | 'exchange_spot'
              | 'exchange_margin'
              | 'exchange_futures'
              | 'exchange_options'
              | 'wallet'
              | 'crypto'
              | 'crypto_exchange'
              | 'defi_pool'
              | 'staking'
              | 'real_estate'
              | 'other';
            subtype?: string;
            currency: string;
            balance: number;
          };
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                account: components['schemas']['Account'];
              };
            };
          };
        };
        /** @description Plan limit */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/accounts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One account, how its balance is kept, and its daily balance history */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The account */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['AccountDetail'];
            };
          };
        };
        /** @description No such account */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete an account and its transactions */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
                deletedTransactions: number;
              };
            };
          };
        };
        /** @description No such account */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    /** Rename or hide an account */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name?: string;
            hidden?: boolean;
          };
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                account: components['schemas']['Account'];
              };
            };
          };
        };
        /** @description No such account */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/accounts/{id}/balance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Record the balance of a manual account on a date */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            balance: number;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            date: string;
          };
        };
      };
      responses: {
        /** @description Recorded */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                account: components['schemas']['Account'];
              };
            };
          };
        };
        /** @description Not a manual account */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/accounts/{id}/favorite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Star or unstar an account (favorite_accounts preference) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            favorite: boolean;
          };
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                account: components['schemas']['Account'];
              };
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/transactions/paginated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One page of transactions, newest first by default
     * @description Spec §3/§7 listing: `{ success, data: Transaction[], pagination }`. Filters combine (AND); comma-joined lists match any of their values. Transactions of hidden accounts are included. `category` is null (Uncategorized) below 0.7 confidence unless the user or a rule set it. Filter meanings: income = money in, expenses = money out (both leave out transfers and excluded transactions), pending = status pending, uncategorized = shown as Uncategorized, transfers = paired transfers or category TRANSFER, excluded = left out of totals, counted = counted in spending and income (Expenses and Insights count these rows: not excluded, not a transfer, not an investment trade, not failed or cancelled), spending_rows and income_rows = the counted rows summed in spending (every category but Income, Uncategorized money out only) and in income (Income, Uncategorized money in), as reports sum them. `date` and `to` bound the dates (both inclusive). `pagination.unfilteredTotal` is every transaction of the user.
     */
    get: {
      parameters: {
        query?: {
          filter?:
            | 'all'
            | 'income'
            | 'expenses'
            | 'pending'
            | 'uncategorized'
            | 'transfers'
            | 'excluded'
            | 'counted'
            | 'spending_rows'
            | 'income_rows';
          /** @description Comma-joined category values (FOOD_AND_DRINK, GENERAL_MERCHANDISE, TRANSPORTATION, ENTERTAINMENT, TRAVEL, INCOME, TRANSFER, LOAN_PAYMENTS, GENERAL_SERVICES, RENT_AND_UTILITIES, HOME_IMPROVEMENT, MEDICAL, or UNCATEGORIZED); omitted = all */
          categories?: string;
          /** @description Comma-joined account ids; omitted = all (hidden accounts included) */
          accounts?: string;
          /** @description Comma-joined account types (spec §3); omitted = all */
          types?: string;
          /** @description YYYY-MM-DD: transactions on or after this date */
          date?: string;
          /** @description YYYY-MM-DD: transactions on or before this date */
          to?: string;
          /** @description Text in the name or merchant name, case-insensitive (at least 2 characters) */
          search?: string;
          /** @description The payee exactly: the merchant name, else the name (as reports group merchants) */
          payee?: string;
          /** @description A detailed category code exactly, or NONE for rows without one */
          detailed?: string;
          /** @description Comma-joined tags: transactions carrying any of them */
          tags?: string;
          /** @description only = transactions without any tag */
          untagged?: 'only';
          /** @description Transactions whose size (the amount without its sign, in the transaction's own currency) is at least this, e.g. 25 or 25.50 */
          amount_min?: string;
          /** @description Transactions whose size is at most this (with amount_min: a range, both inclusive) */
          amount_max?: string;
          /** @description only = pending transactions only; exclude = none of them; omitted = both */
          pending?: 'only' | 'exclude';
          /** @description only = refunds only (money in on a spending category, counted in spending and income, so Expenses nets it off); exclude = none of them; omitted = both */
          refunds?: 'only' | 'exclude';
          /** @description only = occurrences of the recurring payments GET /insights lists today (13 months, hidden categories left out); exclude = none of them; omitted = both */
          recurring?: 'only' | 'exclude';
          sort?: 'date_desc' | 'date_asc' | 'amount_desc' | 'amount_asc';
          page?: number;
          limit?: number;
          /** @description The previous page's `pagination.nextCursor` (same filters and sort): the page is the rows just after that page, read from the index at any depth; `page` still numbers it */
          after?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The page and its pagination */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Transaction'][];
              pagination: components['schemas']['Pagination'];
            };
          };
        };
        /** @description Validation failed (for example limit above 200) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/transactions/export.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every transaction matching the filters, as a CSV download
     * @description Same filters and sort as the paginated listing, no paging. Text cells that a spreadsheet would run as a formula (starting with = + - @) get a leading apostrophe; amounts are plain decimals in major units.
     */
    get: {
      parameters: {
        query?: {
          filter?:
            | 'all'
            | 'income'
            | 'expenses'
            | 'pending'
            | 'uncategorized'
            | 'transfers'
            | 'excluded'
            | 'counted'
            | 'spending_rows'
            | 'income_rows';
          /** @description Comma-joined category values (FOOD_AND_DRINK, GENERAL_MERCHANDISE, TRANSPORTATION, ENTERTAINMENT, TRAVEL, INCOME, TRANSFER, LOAN_PAYMENTS, GENERAL_SERVICES, RENT_AND_UTILITIES, HOME_IMPROVEMENT, MEDICAL, or UNCATEGORIZED); omitted = all */
          categories?: string;
          /** @description Comma-joined account ids; omitted = all (hidden accounts included) */
          accounts?: string;
          /** @description Comma-joined account types (spec §3); omitted = all */
          types?: string;
          /** @description YYYY-MM-DD: transactions on or after this date */
          date?: string;
          /** @description YYYY-MM-DD: transactions on or before this date */
          to?: string;
          /** @description Text in the name or merchant name, case-insensitive (at least 2 characters) */
          search?: string;
          /** @description The payee exactly: the merchant name, else the name (as reports group merchants) */
          payee?: string;
          /** @description A detailed category code exactly, or NONE for rows without one */
          detailed?: string;
          /** @description Comma-joined tags: transactions carrying any of them */
          tags?: string;
          /** @description only = transactions without any tag */
          untagged?: 'only';
          /** @description Transactions whose size (the amount without its sign, in the transaction's own currency) is at least this, e.g. 25 or 25.50 */
          amount_min?: string;
          /** @description Transactions whose size is at most this (with amount_min: a range, both inclusive) */
          amount_max?: string;
          /** @description only = pending transactions only; exclude = none of them; omitted = both */
          pending?: 'only' | 'exclude';
          /** @description only = refunds only (money in on a spending category, counted in spending and income, so Expenses nets it off); exclude = none of them; omitted = both */
          refunds?: 'only' | 'exclude';
          /** @description only = occurrences of the recurring payments GET /insights lists today (13 months, hidden categories left out); exclude = none of them; omitted = both */
          recurring?: 'only' | 'exclude';
          sort?: 'date_desc' | 'date_asc' | 'amount_desc' | 'amount_asc';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description CSV file (UTF-8 with BOM) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description Export is turned off on this server, or not part of the plan (UPGRADE_REQUIRED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/transactions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change a transaction (a category set here is never replaced by a sync or a rule) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description null = Uncategorized, chosen by hand
             * @enum {string|null}
             */
            category?:
              | 'FOOD_AND_DRINK'
              | 'GENERAL_MERCHANDISE'
              | 'TRANSPORTATION'
              | 'ENTERTAINMENT'
              | 'TRAVEL'
              | 'INCOME'
              | 'TRANSFER'
              | 'LOAN_PAYMENTS'
              | 'GENERAL_SERVICES'
              | 'RENT_AND_UTILITIES'
              | 'HOME_IMPROVEMENT'
              | 'MEDICAL'
              | null;
            notes?: string | null;
            tags?: string[];
            excluded?: boolean;
            name?: string;
          };
        };
      };
      responses: {
        /** @description The transaction after the change */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                transaction: components['schemas']['Transaction'];
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Not one of your transactions */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/transactions/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Change up to 500 transactions at once (all or nothing) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            ids: string[];
            changes: {
              /** @enum {string|null} */
              category?:
                | 'FOOD_AND_DRINK'
                | 'GENERAL_MERCHANDISE'
                | 'TRANSPORTATION'
                | 'ENTERTAINMENT'
                | 'TRAVEL'
                | 'INCOME'
                | 'TRANSFER'
                | 'LOAN_PAYMENTS'
                | 'GENERAL_SERVICES'
                | 'RENT_AND_UTILITIES'
                | 'HOME_IMPROVEMENT'
                | 'MEDICAL'
                | null;
              excluded?: boolean;
              tags?: string[];
            };
          };
        };
      };
      responses: {
        /** @description How many transactions changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                updated: number;
              };
            };
          };
        };
        /** @description Validation failed (`ids`: some ids are not your transactions); nothing was changed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your categorization rules, in the order they run
     * @description Each rule with `matched`: how many of your transactions it is the first matching rule for (first match wins).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The rules */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                rules: components['schemas']['ListedRule'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Save a rule and apply it to your existing transactions
     * @description The first matching rule (ascending priority) decides a transaction; a category you set by hand is never replaced. A rule with the same conditions as an existing one replaces it (200 instead of 201). `applied` is how many existing transactions this rule now decides.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Ignored: the server chooses the id */
            id?: string;
            /** @description Lower runs first (default 100) */
            priority?: number;
            conditions: components['schemas']['RuleConditions'];
            actions: components['schemas']['RuleActions'];
            enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description The replaced rule */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                rule: components['schemas']['CategorizationRule'];
                applied: number;
              };
            };
          };
        };
        /** @description The new rule */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                rule: components['schemas']['CategorizationRule'];
                applied: number;
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rules/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** "Apply to similar transactions": the rule an example suggests and how many transactions it matches */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            transactionId: string;
            /** @enum {string} */
            category:
              | 'FOOD_AND_DRINK'
              | 'GENERAL_MERCHANDISE'
              | 'TRANSPORTATION'
              | 'ENTERTAINMENT'
              | 'TRAVEL'
              | 'INCOME'
              | 'TRANSFER'
              | 'LOAN_PAYMENTS'
              | 'GENERAL_SERVICES'
              | 'RENT_AND_UTILITIES'
              | 'HOME_IMPROVEMENT'
              | 'MEDICAL';
            rename?: string;
          };
        };
      };
      responses: {
        /** @description The suggested rule (not saved) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                rule: components['schemas']['SuggestedRule'];
                matching: number;
              };
            };
          };
        };
        /** @description Validation failed (`transactionId` when it is not one of your transactions) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rules/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a rule (transactions it categorized keep their category) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The deleted rule id */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description Not one of your rules */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a rule (conditions and actions are replaced whole)
     * @description The changed rule is validated as a whole, like a new one. Existing transactions change when you run the rules on them (POST /rules/run); new ones from the next sync or import on.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            priority?: number;
            conditions?: components['schemas']['RuleConditions'] & unknown;
            actions?: components['schemas']['RuleActions'] & unknown;
            enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description The changed rule */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                rule: components['schemas']['CategorizationRule'];
              };
            };
          };
        };
        /** @description Validation failed, or another rule has exactly these conditions */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Not one of your rules */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/rules/order': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Put your rules in the order they run (the first matching rule wins)
     * @description Name every one of your rules once. An id that is not one of your rules, a repeated or a missing one is 400; nothing changes.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Every one of your rule ids, once each, in the order they should run */
            ids: string[];
          };
        };
      };
      responses: {
        /** @description The rules in their new order */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                rules: components['schemas']['ListedRule'][];
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/rules/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run your rules on all your existing transactions
     * @description Each transaction takes the actions of the first enabled rule it matches; a category you set by hand is never replaced. `changed` is how many transactions changed.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description How many transactions changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                changed: number;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/imports/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Read a CSV, OFX/QFX, QIF, CAMT.052/053/054 or MT940/942 file and mark what the account already holds (writes nothing) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ImportRequest'];
        };
      };
      responses: {
        /** @description The file as it would be imported (first 200 rows, counts of all) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ImportPreview'];
            };
          };
        };
        /** @description Validation failed (`accountId` "No such account" when it is not one of yours), or the file cannot be read: `error` is then 'Line N: …' */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/imports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The last 50 imports (into one account when accountId is given), newest first */
    get: {
      parameters: {
        query?: {
          accountId?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Imports */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                batches: components['schemas']['ImportBatch'][];
              };
            };
          };
        };
        /** @description No such account */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    /** Import a file into an account; rows the account already holds are skipped. A file of more than 10,000 rows is queued as a background job (202) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ImportRequest'];
        };
      };
      responses: {
        /** @description Imported */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                batch: components['schemas']['ImportResult'];
              };
            };
          };
        };
        /** @description Queued: follow it with GET /imports/jobs/{id} (the file was read and is valid; the import itself may still fail on a limit) */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                job: components['schemas']['ImportJob'];
              };
            };
          };
        };
        /** @description Validation failed (`accountId` "No such account" when it is not one of yours), or the file cannot be read: `error` is then 'Line N: …' */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The plan’s transaction limit would be exceeded */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/imports/jobs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How far a queued import has got, and its result or error once it has ended */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The import job */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                job: components['schemas']['ImportJob'];
              };
            };
          };
        };
        /** @description Not a job id */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such import job */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/imports/statements/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Read every statement of a multi-account file (OFX, QIF !Account, CAMT, MT940) with the account each goes into (writes nothing) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['StatementsImportRequest'];
        };
      };
      responses: {
        /** @description Each statement, its account and its rows (first 50) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['StatementsPreview'];
            };
          };
        };
        /** @description Validation failed (`accountId` "No such account" when it is not one of yours), or the file cannot be read: `error` is then 'Line N: …' */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/imports/statements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Import every statement of a multi-account file into its account in one step (all or nothing; one undo). A file of more than 10,000 rows in all is queued as a background job (202) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['StatementsImportRequest'];
        };
      };
      responses: {
        /** @description Imported */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                batch: components['schemas']['StatementsImportResult'];
              };
            };
          };
        };
        /** @description Queued (more than 10,000 rows in all): follow it with GET /imports/jobs/{id}; its result is then this import (with its statements) */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                job: components['schemas']['ImportJob'];
              };
            };
          };
        };
        /** @description Validation failed (`accountId` "No such account" when it is not one of yours), or the file cannot be read: `error` is then 'Line N: …' */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The plan’s account or transaction limit would be exceeded */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/imports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Undo an import: remove every transaction it added (in every account) and put back the holdings it replaced */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Undone */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
                removed: number;
              };
            };
          };
        };
        /** @description No such import */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Already undone, or the holdings it set changed since (undo would not be exact); nothing undone */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Net worth, allocation and accounts
     * @description Totals of your visible accounts in your default currency (converted at the last known ECB or manual rate), the change since the period start, the asset allocation and your accounts grouped by type.
     */
    get: {
      parameters: {
        query?: {
          period?: '1-month' | '3-months' | '6-months' | '1-year' | 'all-time';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The dashboard */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Dashboard'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dashboard/data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Net worth, allocation and accounts (alias of /dashboard)
     * @description Totals of your visible accounts in your default currency (converted at the last known ECB or manual rate), the change since the period start, the asset allocation and your accounts grouped by type.
     */
    get: {
      parameters: {
        query?: {
          period?: '1-month' | '3-months' | '6-months' | '1-year' | 'all-time';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The dashboard */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Dashboard'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/portfolio': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Net-worth history, one point per day, by asset class */
    get: {
      parameters: {
        query?: {
          range?: '1M' | '3M' | '6M' | '1Y' | 'ALL';
          /** @description Thin the series to this many points (LTTB on net worth) */
          samples?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The history */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Portfolio'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/balance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Today's net worth, assets, liabilities and class totals */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Today’s totals */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Balance'];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/balance/snapshot': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Recompute today's balance snapshot of every account */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The day and how many accounts */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                date: string;
                accounts: number;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/fx/rates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Latest rates of your currencies against your default currency */
    get: {
      parameters: {
        query?: {
          base?: string;
          quote?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The rates */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ExchangeRates'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    /**
     * Enter a rate by hand (it beats the ECB rate of the same day)
     * @description 1 `base` = `rate` `quote` from `date` on. A second rate for the same pair and day replaces it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            base: string;
            quote: string;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            date: string;
            /** @example 1.0842 */
            rate: string;
          };
        };
      };
      responses: {
        /** @description The saved rate */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ManualRate'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/fx/rates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a rate you entered */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The deleted rate id */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description Rate not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/fx/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Fetch the ECB reference rates now */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description How many rates the feed held */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                fetched: number;
                lastFetchedAt: string;
              };
            };
          };
        };
        /** @description Exchange rates are unavailable right now */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/investments/holdings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A page of the user's holdings, with totals and allocation over all of them */
    get: {
      parameters: {
        query?: {
          page?: number;
          limit?: number;
          type?:
            | 'all'
            | 'equity'
            | 'etf'
            | 'mutual_fund'
            | 'fixed_income'
            | 'cash'
            | 'crypto'
            | 'derivative'
            | 'other';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Holdings */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Holdings'];
            };
          };
        };
      };
    };
    put?: never;
    /** Add a buy by hand to a manual investment account (bought on a day, at a price): a new holding, or another lot of the holding the account already has of the symbol */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: uuid */
            accountId: string;
            /** @example AAPL */
            symbol: string;
            /** @example 10 */
            quantity: string;
            /** @example 187.25 */
            price: string;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            date: string;
          };
        };
      };
      responses: {
        /** @description Added */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                holding: components['schemas']['ManualHolding'];
                lot: components['schemas']['ManualLot'];
                /**
                 * @description known: priced by the market-data provider in the account's currency, so valued at its quote; other_currency: quoted in another currency, so valued at the buy price; unknown: the provider has no such symbol, so valued at the buy price; unavailable: the provider could not be asked, so valued at the buy price until a price is known
                 * @enum {string}
                 */
                symbolStatus: 'known' | 'other_currency' | 'unknown' | 'unavailable';
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such account or holding */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The account is kept up to date by its connection, or the holding did not come from this API */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/investments/holdings/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a holding added by hand, with all its buys */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description No such account or holding */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The account is kept up to date by its connection, or the holding did not come from this API */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    /** Change the quantity, buy price or date of a holding added by hand and bought once (a holding bought more than once is a 409: change its lots) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @example 10 */
            quantity?: string;
            /** @example 187.25 */
            price?: string;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            date?: string;
          };
        };
      };
      responses: {
        /** @description Changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                holding: components['schemas']['ManualHolding'];
                /**
                 * @description known: priced by the market-data provider in the account's currency, so valued at its quote; other_currency: quoted in another currency, so valued at the buy price; unknown: the provider has no such symbol, so valued at the buy price; unavailable: the provider could not be asked, so valued at the buy price until a price is known
                 * @enum {string}
                 */
                symbolStatus: 'known' | 'other_currency' | 'unknown' | 'unavailable';
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such account or holding */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The account is kept up to date by its connection, or the holding did not come from this API */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/investments/lots/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove one buy (lot) of a holding added by hand; removing its last removes the holding */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
                holdingId: string;
                holdingRemoved: boolean;
              };
            };
          };
        };
        /** @description No such buy */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The account is kept up to date by its connection, or the holding did not come from this API */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    /** Change the quantity, buy price or date of one buy (lot) of a holding added by hand */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @example 10 */
            quantity?: string;
            /** @example 187.25 */
            price?: string;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            date?: string;
          };
        };
      };
      responses: {
        /** @description Changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                holding: components['schemas']['ManualHolding'];
                lot: components['schemas']['ManualLot'];
                /**
                 * @description known: priced by the market-data provider in the account's currency, so valued at its quote; other_currency: quoted in another currency, so valued at the buy price; unknown: the provider has no such symbol, so valued at the buy price; unavailable: the provider could not be asked, so valued at the buy price until a price is known
                 * @enum {string}
                 */
                symbolStatus: 'known' | 'other_currency' | 'unknown' | 'unavailable';
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such buy */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The account is kept up to date by its connection, or the holding did not come from this API */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/investments/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your buys of a security across accounts, with units and price (the lots of holdings added by hand) */
    get: {
      parameters: {
        query: {
          symbol: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Transactions */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                symbol: string;
                transactions: components['schemas']['SecurityTransaction'][];
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/investments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Holdings with cost basis, market value, unrealised gain, day change and weight; totals per account */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Investments */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Investments'];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/investments/performance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Time- and money-weighted returns, deposits, income and costs per account and overall */
    get: {
      parameters: {
        query?: {
          range?: '1m' | '3m' | 'ytd' | '1y' | 'all';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Investment performance */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['InvestmentPerformance'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Advanced analytics are part of the Pro plan (UPGRADE_REQUIRED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/market/quote': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The latest price of a security, with its previous close, currency and age
     * @description A crypto asset you hold, or one of the coins Lodestar knows, is quoted by the crypto price service in USD: previousClose is the price 24 hours earlier that the source's 24-hour change implies (docs/markets-api.md).
     */
    get: {
      parameters: {
        query: {
          symbol: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The quote */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Quote'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No security found for the symbol */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Market data is unavailable right now */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/market/quotes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Quotes of up to 50 securities
     * @description Crypto symbols are quoted by the crypto price service, as on /market/quote.
     */
    get: {
      parameters: {
        query: {
          symbols: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The quotes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Quotes'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/market/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Securities whose symbol or name matches */
    get: {
      parameters: {
        query: {
          q: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Matching securities */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SecuritySearch'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Market data is unavailable right now */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/market/trending': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Symbols the provider says are trending, with their quotes */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Trending symbols */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Trending'];
            };
          };
        };
        /** @description Market data is unavailable right now */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/market/news': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Headlines about up to 20 securities, or market news without symbols
     * @description Filtered by your enabled_news_sources (publishers) and news_categories (article, video) preferences; an empty list allows all. News always comes from Yahoo Finance's keyless feed, whichever provider gives prices.
     */
    get: {
      parameters: {
        query?: {
          symbols?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Headlines, newest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['MarketNews'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Market news is unavailable right now */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/market/news/sources': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The publishers of the news you have been shown lately, to choose enabled_news_sources from
     * @description From the cached headlines (no feed request) of your held and watched symbols and of general market news, fetched in the last 30 days, before your news preferences filter them.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Publishers, most headlines first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['NewsSources'];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/market/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A security's daily closes over a range, for charts */
    get: {
      parameters: {
        query: {
          symbol: string;
          range?: '1m' | '3m' | '6m' | 'ytd' | '1y' | '5y' | '10y' | 'max';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Daily closes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['PriceHistory'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No security found for the symbol */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Market data is unavailable right now */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/watchlist': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your watchlist (the watchlist_symbols preference) with a quote for each symbol */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The watchlist */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Watchlist'];
            };
          };
        };
      };
    };
    /** Put your watchlist in a new order */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            symbols: string[];
          };
        };
      };
      responses: {
        /** @description The watchlist */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Watchlist'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    /**
     * Add a symbol to your watchlist (at the end, or at a position)
     * @description Adding a symbol already on the list changes nothing.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @example AAPL */
            symbol: string;
            position?: number;
          };
        };
      };
      responses: {
        /** @description The watchlist */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Watchlist'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No security found for the symbol */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The watchlist holds at most 100 symbols: remove one first */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Market data is unavailable right now */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    /** Remove a symbol from your watchlist */
    delete: {
      parameters: {
        query: {
          symbol: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The watchlist */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Watchlist'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The symbol is not on your watchlist */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/real-estate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's properties and their totals in the reporting currency */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Properties */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                currency: string;
                properties: components['schemas']['Property'][];
                totals: {
                  value: components['schemas']['Money'];
                  debt: components['schemas']['Money'];
                  equity: components['schemas']['Money'];
                };
              };
            };
          };
        };
      };
    };
    put?: never;
    /** Add a property (creates its real-estate account and valuation history) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            address: {
              line1: string;
              line2?: string | null;
              city: string;
              state?: string | null;
              postalCode?: string | null;
              /** @default US */
              country?: string;
            };
            purchasePrice: number;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            purchaseDate: string;
            currency: string;
            currentValue?: number;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            valuationDate?: string;
            /** Format: uuid */
            mortgageAccountId?: string | null;
          };
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['PropertyDetail'];
            };
          };
        };
        /** @description Plan limit */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/real-estate/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A property with its valuations */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Property */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['PropertyDetail'];
            };
          };
        };
        /** @description No such property */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a property with its valuations and its account */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description No such property */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    /** Edit a property; mortgageAccountId null unlinks the mortgage */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name?: string;
            address?: {
              line1: string;
              line2?: string | null;
              city: string;
              state?: string | null;
              postalCode?: string | null;
              /** @default US */
              country?: string;
            };
            purchasePrice?: number;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            purchaseDate?: string;
            currentValue?: number;
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            valuationDate?: string;
            /** Format: uuid */
            mortgageAccountId?: string | null;
          };
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['PropertyDetail'];
            };
          };
        };
        /** @description No such property */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/real-estate/{id}/valuations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Record what the property was worth on a day */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * Format: date
             * @description YYYY-MM-DD, from 1900-01-01 to a year from today
             */
            date: string;
            value: number;
            note?: string | null;
          };
        };
      };
      responses: {
        /** @description Recorded */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['PropertyDetail'];
            };
          };
        };
        /** @description No such property */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/real-estate/{id}/valuations/{valuationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a valuation (not the purchase price) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          valuationId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['PropertyDetail'];
            };
          };
        };
        /** @description No such valuation */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dashboard/activity-summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Income, spending and net of a period ending today, against the period before
     * @description Periods (spec §3): 1-month = the 30 days ending today (user time zone), 3-months 91, 6-months 182, 1-year 365, all-time from the first transaction (no previous period). Transfers, excluded rows, investment trades and failed or cancelled rows are left out; hidden categories are left out of spending.
     */
    get: {
      parameters: {
        query?: {
          period?: '1-month' | '3-months' | '6-months' | '1-year' | 'all-time';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The summary */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ActivitySummary'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/transactions/spending-summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A month's spending by category and merchant, with the month before and the running total */
    get: {
      parameters: {
        query?: {
          /** @description YYYY-MM; default the current month */
          month?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The month */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['SpendingSummary'];
            };
          };
        };
        /** @description Validation failed ('Month must be written YYYY-MM') */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/expenses/flow': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Income sources → income → spending categories and savings (Sankey) */
    get: {
      parameters: {
        query?: {
          period?: 'monthly' | 'quarterly' | 'yearly';
          /** @description YYYY-MM-DD inside the month/quarter/year; default today */
          date?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The flow */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ExpenseFlow'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/insights': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Plain-language insights about your money, and the recurring payments found */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Insights and recurring payments */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['Insights'];
            };
          };
        };
        /** @description Advanced analytics are part of the Pro plan (UPGRADE_REQUIRED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A month's budgets beside what was spent, with averages and rollover
     * @description Spending comes from the monthly rollups, converted at the rates of the month’s last day; hidden categories have no line and are not in the overall.
     */
    get: {
      parameters: {
        query?: {
          /** @description YYYY-MM; default the current month */
          month?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The month with its budgets */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['BudgetMonth'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    /** Set or remove one category's amount (or the overall one) for a month */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description YYYY-MM; default the current month */
            month?: string;
            /** @enum {string} */
            category:
              | 'FOOD_AND_DRINK'
              | 'GENERAL_MERCHANDISE'
              | 'TRANSPORTATION'
              | 'ENTERTAINMENT'
              | 'TRAVEL'
              | 'LOAN_PAYMENTS'
              | 'GENERAL_SERVICES'
              | 'RENT_AND_UTILITIES'
              | 'HOME_IMPROVEMENT'
              | 'MEDICAL'
              | 'overall';
            /** @description Major units of the reporting currency; null removes the budget */
            amount: number | null;
          };
        };
      };
      responses: {
        /** @description The month with its budgets */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['BudgetMonth'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/rollover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Carry what is left (or overspent) of a category's budget into the next month, or not */
    patch: {
      parameters: {
        query?: {
          /** @description The month to answer with (YYYY-MM); default the current month */
          month?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            category:
              | 'FOOD_AND_DRINK'
              | 'GENERAL_MERCHANDISE'
              | 'TRANSPORTATION'
              | 'ENTERTAINMENT'
              | 'TRAVEL'
              | 'LOAN_PAYMENTS'
              | 'GENERAL_SERVICES'
              | 'RENT_AND_UTILITIES'
              | 'HOME_IMPROVEMENT'
              | 'MEDICAL'
              | 'overall';
            rollover: boolean;
          };
        };
      };
      responses: {
        /** @description The month with its budgets */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['BudgetMonth'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/budgets/copy-previous': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy the month before's amounts into the month */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description YYYY-MM; default the current month */
            month?: string;
          };
        };
      };
      responses: {
        /** @description The month with its budgets */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['BudgetMonth'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The month before has no budgets */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/from-average': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set each amount to the average monthly spending of the 3, 6 or 12 months before */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description YYYY-MM; default the current month */
            month?: string;
            months: number;
          };
        };
      };
      responses: {
        /** @description The month with its budgets */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['BudgetMonth'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No spending in those months */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The user's webhook endpoints and the events they may receive
     * @description Each event is POSTed as JSON `{ id, type, createdAt, data }` with the headers Lodestar-Event-Id, Lodestar-Event-Type, Lodestar-Timestamp and Lodestar-Signature (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>" with the endpoint secret>`). A 2xx answer is success; anything else is retried with exponential backoff for 24 hours. Endpoints must be https on public addresses unless the server sets WEBHOOKS_ALLOW_PRIVATE=true. Pro plan only when billing is configured.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Endpoints */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                endpoints: components['schemas']['WebhookEndpoint'][];
                events: {
                  type: string;
                  label: string;
                }[];
                maxEndpoints: number;
              };
            };
          };
        };
      };
    };
    put?: never;
    /**
     * Register an endpoint; the answer holds its signing secret, shown this one time only
     * @description Each event is POSTed as JSON `{ id, type, createdAt, data }` with the headers Lodestar-Event-Id, Lodestar-Event-Type, Lodestar-Timestamp and Lodestar-Signature (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>" with the endpoint secret>`). A 2xx answer is success; anything else is retried with exponential backoff for 24 hours. Endpoints must be https on public addresses unless the server sets WEBHOOKS_ALLOW_PRIVATE=true. Pro plan only when billing is configured.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @example https://example.com/hooks/lodestar */
            url: string;
            /**
             * @example [
             *       "transactions.added"
             *     ]
             */
            events: (
              | 'transactions.added'
              | 'transactions.changed'
              | 'transactions.removed'
              | 'connection.status_changed'
              | 'balance.low'
              | 'transaction.large'
              | 'budget.passed'
            )[];
          };
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                endpoint: components['schemas']['WebhookEndpoint'];
                secret: string;
              };
            };
          };
        };
        /** @description Validation failed (an address the guard refuses included) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description UPGRADE_REQUIRED: webhooks are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Already five endpoints */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete an endpoint with its delivery log */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {boolean} */
                deleted: true;
              };
            };
          };
        };
        /** @description No such endpoint */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    /** Change the address or events, or turn the endpoint off or on again */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @example https://example.com/hooks/lodestar */
            url?: string;
            /**
             * @example [
             *       "transactions.added"
             *     ]
             */
            events?: (
              | 'transactions.added'
              | 'transactions.changed'
              | 'transactions.removed'
              | 'connection.status_changed'
              | 'balance.low'
              | 'transaction.large'
              | 'budget.passed'
            )[];
            enabled?: boolean;
          };
        };
      };
      responses: {
        /** @description Updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['WebhookEndpoint'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such endpoint */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a webhook.test event to this endpoint (delivered in the background; see its log) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Queued */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                eventId: string;
                deliveryId: string | null;
              };
            };
          };
        };
        /** @description No such endpoint */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The endpoint is turned off */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The endpoint's latest 50 deliveries, newest first, with every attempt's status code */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deliveries */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                deliveries: components['schemas']['WebhookDelivery'][];
              };
            };
          };
        };
        /** @description No such endpoint */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reports/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a report definition: rows by group, columns by period, totals and Activity links
     * @description Measures: spending (every category but Income, netted; Uncategorized money out), income (Income netted, Uncategorized money in), net (income − spending), count and average of the rows counted in spending and income, balance (end-of-column balances of visible accounts). Transfers, excluded rows, investment trades, failed or cancelled rows and hidden categories are left out. Money is summed per currency and each currency converted once per cell at the rate of its last day. Pro plan when billing is on.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            measure: 'spending' | 'income' | 'net' | 'balance' | 'count' | 'average';
            /**
             * @default category
             * @enum {string}
             */
            groupBy?:
              'category' | 'detailed_category' | 'merchant' | 'account' | 'account_type' | 'tag' | 'none';
            /**
             * @default month
             * @enum {string}
             */
            interval?: 'day' | 'week' | 'month' | 'quarter' | 'year' | 'none';
            /**
             * @default table
             * @enum {string}
             */
            chart?: 'table' | 'bar' | 'stacked_bar' | 'line' | 'area';
            range: {
              /** @enum {string} */
              preset:
                | 'this-month'
                | 'last-month'
                | 'last-3-months'
                | 'last-12-months'
                | 'this-year'
                | 'last-year'
                | 'last-2-years'
                | 'last-5-years'
                | 'last-10-years'
                | 'custom';
              from?: string;
              to?: string;
            };
            /** @default {} */
            filters?: {
              accounts?: string[];
              accountTypes?: (
                | 'depository'
                | 'credit'
                | 'investment'
                | 'brokerage'
                | 'loan'
                | 'exchange'
                | 'exchange_spot'
                | 'exchange_margin'
                | 'exchange_futures'
                | 'exchange_options'
                | 'wallet'
                | 'crypto'
                | 'crypto_exchange'
                | 'defi_pool'
                | 'staking'
                | 'real_estate'
                | 'other'
              )[];
              categories?: string[];
              tags?: string[];
              search?: string;
              amount?: {
                min?: number;
                max?: number;
              };
            };
            /** @default false */
            compare?: boolean;
          };
        };
      };
      responses: {
        /** @description The report */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ReportResult'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description UPGRADE_REQUIRED: custom reports are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your saved reports, in your order */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The reports */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                reports: components['schemas']['SavedReport'][];
              };
            };
          };
        };
        /** @description UPGRADE_REQUIRED: custom reports are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    /** Save a report (at most 100), at the end of your list */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            definition: {
              /** @enum {string} */
              measure: 'spending' | 'income' | 'net' | 'balance' | 'count' | 'average';
              /**
               * @default category
               * @enum {string}
               */
              groupBy?:
                'category' | 'detailed_category' | 'merchant' | 'account' | 'account_type' | 'tag' | 'none';
              /**
               * @default month
               * @enum {string}
               */
              interval?: 'day' | 'week' | 'month' | 'quarter' | 'year' | 'none';
              /**
               * @default table
               * @enum {string}
               */
              chart?: 'table' | 'bar' | 'stacked_bar' | 'line' | 'area';
              range: {
                /** @enum {string} */
                preset:
                  | 'this-month'
                  | 'last-month'
                  | 'last-3-months'
                  | 'last-12-months'
                  | 'this-year'
                  | 'last-year'
                  | 'last-2-years'
                  | 'last-5-years'
                  | 'last-10-years'
                  | 'custom';
                from?: string;
                to?: string;
              };
              /** @default {} */
              filters?: {
                accounts?: string[];
                accountTypes?: (
                  | 'depository'
                  | 'credit'
                  | 'investment'
                  | 'brokerage'
                  | 'loan'
                  | 'exchange'
                  | 'exchange_spot'
                  | 'exchange_margin'
                  | 'exchange_futures'
                  | 'exchange_options'
                  | 'wallet'
                  | 'crypto'
                  | 'crypto_exchange'
                  | 'defi_pool'
                  | 'staking'
                  | 'real_estate'
                  | 'other'
                )[];
                categories?: string[];
                tags?: string[];
                search?: string;
                amount?: {
                  min?: number;
                  max?: number;
                };
              };
              /** @default false */
              compare?: boolean;
            };
            pinned?: boolean;
          };
        };
      };
      responses: {
        /** @description The saved report */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                report: components['schemas']['SavedReport'];
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description UPGRADE_REQUIRED: custom reports are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reports/order': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Put your saved reports in order (the dashboard shows pinned ones in this order) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description Every one of your report ids, once each, in the order they should show */
            ids: string[];
          };
        };
      };
      responses: {
        /** @description The reports in their new order */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                reports: components['schemas']['SavedReport'][];
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description UPGRADE_REQUIRED: custom reports are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/reports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One saved report */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The report */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                report: components['schemas']['SavedReport'];
              };
            };
          };
        };
        /** @description UPGRADE_REQUIRED: custom reports are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Report not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a saved report */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                deleted: boolean;
              };
            };
          };
        };
        /** @description UPGRADE_REQUIRED: custom reports are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Report not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    /** Rename a report, change its definition, or pin it to the dashboard */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name?: string;
            definition?: {
              /** @enum {string} */
              measure: 'spending' | 'income' | 'net' | 'balance' | 'count' | 'average';
              /**
               * @default category
               * @enum {string}
               */
              groupBy?:
                'category' | 'detailed_category' | 'merchant' | 'account' | 'account_type' | 'tag' | 'none';
              /**
               * @default month
               * @enum {string}
               */
              interval?: 'day' | 'week' | 'month' | 'quarter' | 'year' | 'none';
              /**
               * @default table
               * @enum {string}
               */
              chart?: 'table' | 'bar' | 'stacked_bar' | 'line' | 'area';
              range: {
                /** @enum {string} */
                preset:
                  | 'this-month'
                  | 'last-month'
                  | 'last-3-months'
                  | 'last-12-months'
                  | 'this-year'
                  | 'last-year'
                  | 'last-2-years'
                  | 'last-5-years'
                  | 'last-10-years'
                  | 'custom';
                from?: string;
                to?: string;
              };
              /** @default {} */
              filters?: {
                accounts?: string[];
                accountTypes?: (
                  | 'depository'
                  | 'credit'
                  | 'investment'
                  | 'brokerage'
                  | 'loan'
                  | 'exchange'
                  | 'exchange_spot'
                  | 'exchange_margin'
                  | 'exchange_futures'
                  | 'exchange_options'
                  | 'wallet'
                  | 'crypto'
                  | 'crypto_exchange'
                  | 'defi_pool'
                  | 'staking'
                  | 'real_estate'
                  | 'other'
                )[];
                categories?: string[];
                tags?: string[];
                search?: string;
                amount?: {
                  min?: number;
                  max?: number;
                };
              };
              /** @default false */
              compare?: boolean;
            };
            pinned?: boolean;
          };
        };
      };
      responses: {
        /** @description The report */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                report: components['schemas']['SavedReport'];
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description UPGRADE_REQUIRED: custom reports are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Report not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/reports/{id}/duplicate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Save a copy of a report, named "… (copy)", at the end of your list */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The copy */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                report: components['schemas']['SavedReport'];
              };
            };
          };
        };
        /** @description Too many reports */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description UPGRADE_REQUIRED: custom reports are part of the Pro plan */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Report not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['User'];
            };
          };
        };
        /** @description Signed out */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update the full name */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            fullName: string;
          };
        };
      };
      responses: {
        /** @description The updated user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['User'];
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/user/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Account statistics */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Statistics */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['UserStats'];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/verify-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Check the current password (also confirms it for removing a factor, 5 minutes) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            password: string;
          };
        };
      };
      responses: {
        /** @description Whether the password is right */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                valid: boolean;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/set-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Give an account that signs in through a provider a password (needs a sign-in within 5 minutes) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            newPassword: string;
          };
        };
      };
      responses: {
        /** @description The password is set */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {boolean} */
                hasPassword: true;
              };
            };
          };
        };
        /** @description The password breaks a rule */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Not signed in recently enough */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The account already has a password */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/mfa/enroll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start TOTP enrolment */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Secret and otpauth URI */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                factorId: string;
                uri: string;
                secret: string;
              };
            };
          };
        };
        /** @description Already enabled */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/mfa/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Verify the first TOTP code; returns the recovery codes once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            factorId: string;
            code: string;
          };
        };
      };
      responses: {
        /** @description Enabled */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                recoveryCodes: string[];
              };
            };
          };
        };
        /** @description Invalid verification code */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/mfa/factors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Authenticator factors */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Factors */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                factors: components['schemas']['MfaFactor'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/mfa/unenroll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Remove a factor (needs verify-password within 5 minutes, or a sign-in within 5 minutes for an account without a password) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            factorId: string;
          };
        };
      };
      responses: {
        /** @description Removed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                factorId: string;
              };
            };
          };
        };
        /** @description Password not confirmed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Signed-in devices */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Sessions */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                sessions: components['schemas']['UserSession'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/sessions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Sign one device out */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description No such session */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/sessions/revoke-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out of all sessions, this one included */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                revoked: number;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/audit-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Recent security events */
    get: {
      parameters: {
        query?: {
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Events */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                events: components['schemas']['AuthEvent'][];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/delete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete the account and everything it owns */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {boolean} */
                deleted: true;
              };
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/identities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sign-in identities linked at identity providers (Google, GitHub, Apple, single sign-on) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Linked identities, oldest first, whether the account also has a password, and whether this sign-in is recent */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                identities: components['schemas']['LinkedIdentity'][];
                hasPassword: boolean;
                /** @description Whether this session began within 5 minutes: without a password, that is what confirms setting one or turning two-factor off */
                signedInRecently: boolean;
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/identities/authorize': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start linking an identity: the provider address to send the browser to
     * @description The provider sends the browser back to /settings/profile (with `?error=` when linking failed).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            provider: 'google' | 'github' | 'apple' | 'oidc';
          };
        };
      };
      responses: {
        /** @description Where to send the browser */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                url: string;
              };
            };
          };
        };
        /** @description That provider is not configured on this server */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/identities/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Unlink an identity (refused when it is the last way to sign in) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Unlinked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description No such identity */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description It is the only way left to sign in */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/household/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The people invited into your household, with their access and last activity */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Members and invitations; `limit` is null when unlimited */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                members: components['schemas']['HouseholdMember'][];
                limit: number | null;
              };
            };
          };
        };
      };
    };
    put?: never;
    /** Invite someone by email (the link works for 7 days) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: email */
            email: string;
            /**
             * @description `read`: sees everything, changes nothing; `write`: may also change data (never settings).
             * @enum {string}
             */
            access: 'read' | 'write';
          };
        };
      };
      responses: {
        /** @description Invited */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description The plan’s member limit is reached (UPGRADE_REQUIRED) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Already a member, or your own address */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/household/members/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a member or an invitation (at once: their next request is refused) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description No such member */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a member’s access */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /**
             * @description `read`: sees everything, changes nothing; `write`: may also change data (never settings).
             * @enum {string}
             */
            access: 'read' | 'write';
          };
        };
      };
      responses: {
        /** @description Changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                id: string;
              };
            };
          };
        };
        /** @description No such member */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    trace?: never;
  };
  '/household/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who changed what in your household, newest first */
    get: {
      parameters: {
        query?: {
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Events */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                events: {
                  id: string;
                  actorEmail: string;
                  action: string;
                  status: number;
                  createdAt: string;
                }[];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/household/memberships': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The households you are a member of (send the owner’s id in X-Lodestar-Household to act there) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Households */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                households: {
                  ownerUserId: string;
                  ownerName: string;
                  ownerEmail: string;
                  /**
                   * @description `read`: sees everything, changes nothing; `write`: may also change data (never settings).
                   * @enum {string}
                   */
                  access: 'read' | 'write';
                }[];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/household/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accept an invitation (signed in with the invited address) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            token: string;
          };
        };
      };
      responses: {
        /** @description Now a member */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                ownerUserId: string;
                ownerName: string;
                /**
                 * @description `read`: sees everything, changes nothing; `write`: may also change data (never settings).
                 * @enum {string}
                 */
                access: 'read' | 'write';
              };
            };
          };
        };
        /** @description Signed in with another address */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Invalid or expired link */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/push/public-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The VAPID public key a browser subscribes with */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The key, base64url */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                publicKey: string;
              };
            };
          };
        };
        /** @description Push notifications are not configured on this server */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/push/subscriptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Saves this browser’s push subscription (PushSubscription.toJSON()) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            endpoint: string;
            expirationTime?: number | null;
            keys: {
              p256dh: string;
              auth: string;
            };
          };
        };
      };
      responses: {
        /** @description Saved */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Push notifications are not configured on this server */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    /** Removes this browser’s push subscription */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            endpoint: string;
          };
        };
      };
      responses: {
        /** @description Removed (or there was none) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sends a test email and/or push to the signed-in user now */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Which channels were used */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                email: boolean;
                push: boolean;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cron/trigger-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Queues the signed-in user’s jobs, or every user’s with Authorization: Bearer $CRON_SECRET
     * @description The jobs run as a background job on whichever instance takes it. The answer waits up to 20 seconds for the run: 200 with its `successful` and `failed` counts when it has ended, else 202 with the counts so far and `run` to follow with GET /cron/runs/{id}, on any instance. A run that fails answers 500.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The run ended: each connection sync and each notification check counted once */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                successful: number;
                failed: number;
                message: string;
                run: components['schemas']['CronRun'];
              };
            };
          };
        };
        /** @description Still running: the counts so far; each connection sync and each notification check will count once */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                successful: number;
                failed: number;
                message: string;
                run: components['schemas']['CronRun'];
              };
            };
          };
        };
        /** @description Not signed in, or a wrong cron secret */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The run could not be finished */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cron/runs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How far a cron run has got: users done of the total, and the successful and failed counts */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The run (the signed-in user’s, or with the cron secret one for every user) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                run: components['schemas']['CronRun'];
              };
            };
          };
        };
        /** @description Not a cron run id */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Not signed in, or a wrong cron secret */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such cron run */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The user's API keys, newest first (revoked ones included; never the secret)
     * @description Keys authenticate the public API (when the server sets FEATURE_PUBLIC_API=true) with `Authorization: Bearer lsk_…`. A `read` key may only GET; a `read_write` key may also write. No key may manage keys, the account (/user/*: profile changes, password checks, two-factor, sessions, export, restore, deletion) or disconnect all accounts (403). Revoked, expired or unknown keys answer 401. Managing keys needs the session cookie; with the public API off it answers 403.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description API keys */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ApiKey'][];
            };
          };
        };
        /** @description The public API is turned off on this server */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    /**
     * Create a key; the answer holds its secret, shown this one time only
     * @description Keys authenticate the public API (when the server sets FEATURE_PUBLIC_API=true) with `Authorization: Bearer lsk_…`. A `read` key may only GET; a `read_write` key may also write. No key may manage keys, the account (/user/*: profile changes, password checks, two-factor, sessions, export, restore, deletion) or disconnect all accounts (403). Revoked, expired or unknown keys answer 401. Managing keys needs the session cookie; with the public API off it answers 403.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            /** @enum {string} */
            scope: 'read' | 'read_write';
            expiresInDays?: number | null;
          };
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                key: components['schemas']['ApiKey'];
                secret: string;
              };
            };
          };
        };
        /** @description Validation failed */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The public API is turned off on this server, or (UPGRADE_REQUIRED) the plan has no API access */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a key (it stays in the list, marked revoked) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['ApiKey'];
            };
          };
        };
        /** @description The public API is turned off on this server */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such key */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download everything the user owns (except secrets) as one JSON file
     * @description The export document: `{ format: "lodestar-export", version: 1, exportedAt, profile: { name, email }, preferences (the keys the user changed), institutions, connections (no secrets), accounts, transactions, balanceSnapshots, balanceUpdates, securities, holdings, holdingLots (buys of holdings added by hand), liabilities, rules, csvMappings, properties, propertyValuations, fxManualRates, apiKeys (metadata only) }`. Amounts are integer minor units beside their currency; ids are the exporting server’s, so references inside the document hold. Never in it: connection secrets and cursors, password hashes, sessions, two-factor secrets, API key hashes. Streamed as it is read (one consistent snapshot). API keys cannot call this.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description JSON attachment lodestar-export-YYYY-MM-DDTHH-mm-ssZ.json */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              [key: string]: unknown;
            };
          };
        };
        /** @description Exporting data is turned off on this server, or (UPGRADE_REQUIRED) the plan has no export */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/exports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start an export of everything the user owns as a background job (gzip’d JSON)
     * @description The same document as GET /user/export, written by a job into the database in gzip’d pieces, so any instance answers its progress and serves the file; both are kept for a day after it ends. The export document: `{ format: "lodestar-export", version: 1, exportedAt, profile: { name, email }, preferences (the keys the user changed), institutions, connections (no secrets), accounts, transactions, balanceSnapshots, balanceUpdates, securities, holdings, holdingLots (buys of holdings added by hand), liabilities, rules, csvMappings, properties, propertyValuations, fxManualRates, apiKeys (metadata only) }`. Amounts are integer minor units beside their currency; ids are the exporting server’s, so references inside the document hold. Never in it: connection secrets and cursors, password hashes, sessions, two-factor secrets, API key hashes.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Queued: follow it with GET /user/exports/{id} */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                job: components['schemas']['ExportJob'];
              };
            };
          };
        };
        /** @description Exporting data is turned off on this server, or (UPGRADE_REQUIRED) the plan has no export */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/exports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How far an export job has got; once done, its file is at /user/exports/{id}/file */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The export job */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                job: components['schemas']['ExportJob'];
              };
            };
          };
        };
        /** @description Not an export id */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such export */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/exports/{id}/file': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Download a finished export job’s file (gzip’d JSON, restorable as it is) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Attachment lodestar-export-YYYY-MM-DDTHH-mm-ssZ.json.gz */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/gzip': string;
          };
        };
        /** @description Not an export id */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No such export, or it is not done */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/export/progress': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How far the signed-in user’s running data export has got
     * @description `running` false when no export download of this user is streaming on this server. While one streams: `rowsWritten` transactions written of `totalRows` (the user’s transactions, known before the first).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The export’s progress */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                running: boolean;
                rowsWritten: number;
                totalRows: number | null;
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/export/transactions.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download every transaction as CSV (newest first)
     * @description RFC 4180, UTF-8 with a byte-order mark. Text a spreadsheet would run as a formula (starting with = + - @) gets a leading apostrophe; amounts are plain decimals in major units of their currency.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description CSV attachment */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description Exporting data is turned off on this server, or (UPGRADE_REQUIRED) the plan has no export */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore an export into this account (which must hold no accounts yet)
     * @description The export document: `{ format: "lodestar-export", version: 1, exportedAt, profile: { name, email }, preferences (the keys the user changed), institutions, connections (no secrets), accounts, transactions, balanceSnapshots, balanceUpdates, securities, holdings, holdingLots (buys of holdings added by hand), liabilities, rules, csvMappings, properties, propertyValuations, fxManualRates, apiKeys (metadata only) }`. Amounts are integer minor units beside their currency; ids are the exporting server’s, so references inside the document hold. Never in it: connection secrets and cursors, password hashes, sessions, two-factor secrets, API key hashes. The body is read as it arrives (plain, or gzipped with `Content-Encoding: gzip`), up to RESTORE_MAX_BYTES (2 GB by default) uploaded and inflated; its transactions and daily balances are checked row by row and held in the restore’s own database transaction, so a file of any size within the cap restores. Everything is written in that one transaction (all or nothing: a file cut off or broken anywhere writes nothing) with new ids; connections come back without secrets and `disconnected` (reconnect to sync), as do their accounts. API key metadata is not restored. 400 "This is not a Lodestar export" for other files, 400 "Validation failed" with the first rows at fault, 409 when the account already holds accounts. GET /user/restore/progress reports how far it got.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Restored */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: components['schemas']['RestoreCounts'];
            };
          };
        };
        /** @description Not an export, or a document that breaks the format or is cut off */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Restore needs an account without data */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The export file is larger than the server’s RESTORE_MAX_BYTES */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/restore/progress': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How far the signed-in user’s running restore has got
     * @description `running` false when no restore of this user runs on this server. While one runs: `phase` reading (the file is being read and checked; `rowsRead` transactions and daily balances so far) or writing (`rowsRestored` of `totalRows` rows written). Nothing is visible in the account until the restore ends.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The restore’s progress */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                running: boolean;
                /** @enum {string|null} */
                phase: 'reading' | 'writing' | null;
                rowsRead: number;
                rowsRestored: number;
                totalRows: number | null;
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/accounts/disconnect-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Disconnect every linked account; history stays
     * @description Deletes the user’s connections with their encrypted secrets; their accounts stay, with status `disconnected`, with all transactions and balance history, and no longer sync. `disconnected` counts accounts, `connections` the connections removed. API keys cannot call this.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description All accounts disconnected */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                message: string;
                disconnected: number;
                connections: number;
              };
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The plans on sale (public, for the pricing page); none on a self-hosted server */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Plans */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {string} */
                mode: 'self_hosted' | 'stripe';
                tiers: {
                  name: string;
                  displayName: string;
                  description: string;
                  badge?: string;
                  pricing: {
                    /** @enum {string} */
                    period: 'monthly' | 'yearly';
                    price: number;
                    stripePriceId: string | null;
                    description: string;
                  }[];
                  limits: {
                    accounts: number;
                    transactions: number;
                    /** @enum {string} */
                    syncFrequency: 'daily' | 'hourly';
                    dataRetention: number;
                    apiCalls: number;
                  };
                  features: {
                    [key: string]: boolean | number | string;
                  };
                  isActive: boolean;
                }[];
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user’s plan, subscription state and usage against each limit */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Plan and usage (mode self_hosted: plan null, no limits) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {string} */
                mode: 'self_hosted' | 'stripe';
                plan: {
                  /** @enum {string} */
                  tier: 'free_trial' | 'pro';
                  displayName: string;
                  status: string | null;
                  currentPeriodEnd: string | null;
                  cancelAtPeriodEnd: boolean;
                  graceEndsAt: string | null;
                  canManage: boolean;
                  /** @enum {string} */
                  syncFrequency: 'daily' | 'hourly';
                  dataRetentionDays: number;
                  features: {
                    exportData: boolean;
                    apiAccess: boolean;
                    advancedAnalytics: boolean;
                    webhooks: boolean;
                    customReports: boolean;
                    teamMembers: number;
                  };
                } | null;
                usage: {
                  accounts: {
                    used: number;
                    limit: number | null;
                  };
                  transactions: {
                    used: number;
                    limit: number | null;
                  };
                  apiCallsToday: {
                    used: number;
                    limit: number | null;
                    resetsAt: string;
                  };
                };
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A Stripe Checkout Session for Pro: open `url` in the browser */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: {
        content: {
          'application/json': {
            /**
             * @default monthly
             * @enum {string}
             */
            period?: 'monthly' | 'yearly';
          };
        };
      };
      responses: {
        /** @description Checkout Session created */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                url: string;
              };
            };
          };
        };
        /** @description Already on Pro, or: Billing is off on this server (self-hosted, no STRIPE_SECRET_KEY): Billing is not enabled on this server: it is self-hosted, with every feature and no limits. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Stripe did not create the session */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/portal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A Stripe Customer Portal session (card, plan, cancellation): open `url` in the browser */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Portal session created */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                url: string;
              };
            };
          };
        };
        /** @description No Stripe customer yet (never upgraded), or: Billing is off on this server (self-hosted, no STRIPE_SECRET_KEY): Billing is not enabled on this server: it is self-hosted, with every feature and no limits. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Stripe did not create the session */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/stripe/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Stripe webhooks (Stripe-Signature verified on the raw body, at most 300 s old) */
    post: {
      parameters: {
        query?: never;
        header: {
          'stripe-signature': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            id: string;
            type: string;
          } & {
            [key: string]: unknown;
          };
        };
      };
      responses: {
        /** @description Verified and handled, a redelivery, or an event not used */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              success: true;
              data: {
                /** @enum {boolean} */
                received: true;
              };
            };
          };
        };
        /** @description Signature or timestamp not accepted; nothing was done */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Billing is off on this server (self-hosted, no STRIPE_SECRET_KEY): Billing is not enabled on this server: it is self-hosted, with every feature and no limits. */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Health: {
      /** @enum {string} */
      status: 'ok';
      version: string;
      /** Format: date-time */
      installedAt: string;
      uptimeSeconds: number;
    };
    ServerConfig: {
      /** @description Whether the server sends email (SMTP_URL or RESEND_API_KEY). When false, verification and password-reset links are written to the server log instead, and sign-up says so. */
      emailConfigured: boolean;
      /** @description The identity providers configured on this server, in button order (the sign-in and sign-up screens show a "Continue with …" button for each). */
      signInProviders: {
        /** @enum {string} */
        id: 'google' | 'github' | 'apple' | 'oidc';
        label: string;
      }[];
      /** @description Whether new accounts may be created with a password (false when OIDC_ONLY=true). */
      passwordSignUp: boolean;
      /** @description The email domains that may sign up (ALLOWED_EMAIL_DOMAINS); empty for any. */
      allowedEmailDomains: string[];
      /** @description Whether wallets can be followed and exchanges connected (FEATURE_CRYPTO); when false the crypto endpoints are not served. */
      crypto: boolean;
    };
    Ready: {
      /** @enum {string} */
      status: 'ready';
      /** @enum {string} */
      database: 'ok';
      /** @enum {string} */
      migrations: 'ok';
    };
    /** @description Every preference of spec §3, merged over the defaults */
    Preferences: {
      [key: string]: unknown;
    };
    Connection: {
      id: string;
      provider: string;
      displayName: string;
      institution: {
        name: string;
        /** @description The institution’s website, when known */
        url: string | null;
        /** @description Logo as the provider sends it (data: or https URL), when it sends one */
        logo: string | null;
        /** @description Brand colour (#rrggbb), when sent */
        primaryColor: string | null;
      } | null;
      /** @enum {string} */
      status: 'active' | 'syncing' | 'needs_reauth' | 'error' | 'disconnected';
      statusText: {
        label: string;
        description: string;
      };
      lastSyncedAt: string | null;
      lastError: string | null;
      /** @description What the provider said about the connection on its last answer (SimpleFIN errors) */
      notices: string[];
      /** @description Whether the source syncs (false: file imports, manual) */
      syncs: boolean;
      /** @description Inside the provider’s request budget: when the next sync is allowed */
      nextSyncAllowedAt: string | null;
      /**
       * @description How the connection gets going again: reconnect in place, paste a new SimpleFIN setup token, sign in through Plaid Link in update mode (POST /plaid/link-token with connectionId, then POST /connections/{id}/reconnect), or remove and link again
       * @enum {string}
       */
      reconnect: 'in_place' | 'setup_token' | 'plaid_link' | 'link_again';
      sync: {
        /** @enum {string} */
        state: 'idle' | 'running';
        step: string | null;
        progress: number | null;
      };
    };
    ConnectionProvider: {
      /** @enum {string} */
      id: 'plaid' | 'simplefin' | 'demo' | 'import' | 'manual';
      name: string;
      configured: boolean;
      /** @description Settings to set before it works (names only) */
      missing: string[];
      /** @description Where a user gets what the provider needs */
      setupUrl: string | null;
    };
    Wallet: {
      id: string;
      /** @enum {string} */
      chain: 'bitcoin' | 'solana' | 'ethereum' | 'polygon' | 'arbitrum' | 'optimism' | 'base' | 'bsc';
      label: string;
      address: string | null;
      xpub: string | null;
      accountId: string | null;
      total: components['schemas']['Money'];
      totalConverted: components['schemas']['Money'] | null;
      holdings: components['schemas']['WalletHolding'][];
      /** @enum {string} */
      status: 'active' | 'syncing' | 'needs_reauth' | 'error' | 'disconnected';
      lastSyncedAt: string | null;
      lastError: string | null;
      syncing: boolean;
    };
    Money: {
      amountMinor: number;
      currency: string;
    };
    WalletHolding: {
      symbol: string;
      name: string;
      /** @description Decimal string, exact (18-decimal tokens included) */
      quantity: string;
      /** @description Decimals to show (spec §9: crypto 8) */
      quantityDecimals: number;
      /** @description Per unit; null when the asset has never been priced */
      price: {
        amount: string;
        currency: string;
      } | null;
      /** @description When the price source last updated the price */
      priceAt: string | null;
      /** @description The price is more than 2 hours old (the source did not answer) */
      priceStale: boolean;
      change24hPercent: number | null;
      /** @description A stablecoin more than 2 % off its peg, valued at the market */
      depegged: boolean;
      value: components['schemas']['Money'] | null;
      /** @description In the reporting currency; null without a rate */
      converted: components['schemas']['Money'] | null;
    };
    SupportedExchanges: {
      advice: string;
      exchanges: {
        /** @enum {string} */
        id: 'binance' | 'coinbase' | 'kraken' | 'okx' | 'bybit' | 'kucoin' | 'bitstamp' | 'gemini';
        name: string;
        /** @description The credentials this exchange’s key has (ccxt requiredCredentials) */
        fields: {
          /** @enum {string} */
          name: 'apiKey' | 'secret' | 'password' | 'uid';
          label: string;
        }[];
        keyHelp: string;
        accountTypes: string[];
      }[];
    };
    ExchangeConnection: {
      /** @description The connection id (DELETE /connections/{id} removes it) */
      id: string;
      /** @enum {string} */
      exchange: 'binance' | 'coinbase' | 'kraken' | 'okx' | 'bybit' | 'kucoin' | 'bitstamp' | 'gemini';
      exchangeName: string;
      label: string;
      totalConverted: components['schemas']['Money'] | null;
      holdings: components['schemas']['ExchangeHolding'][];
      /** @enum {string} */
      status: 'active' | 'syncing' | 'needs_reauth' | 'error' | 'disconnected';
      lastSyncedAt: string | null;
      lastError: string | null;
      syncing: boolean;
    };
    ExchangeHolding: {
      accountId: string;
      /** @description The account (one per market type: Spot, Margin, Futures, Options) */
      account: string;
      /** @description exchange_spot, exchange_margin, exchange_futures, exchange_options or staking */
      accountType: string;
      symbol: string;
      name: string;
      /** @description Decimal string, exact */
      quantity: string;
      /** @description Decimals to show (spec §9: crypto 8) */
      quantityDecimals: number;
      /** @description Per unit; null when the asset has never been priced */
      price: {
        amount: string;
        currency: string;
      } | null;
      priceAt: string | null;
      priceStale: boolean;
      change24hPercent: number | null;
      depegged: boolean;
      value: components['schemas']['Money'] | null;
      /** @description In the reporting currency */
      converted: components['schemas']['Money'] | null;
    };
    Account: {
      id: string;
      connectionId: string | null;
      name: string;
      officialName: string | null;
      type: string;
      subtype: string | null;
      provider: string;
      /** @enum {string} */
      status: 'active' | 'syncing' | 'needs_reauth' | 'error' | 'disconnected';
      currency: string;
      currentBalance: components['schemas']['Money'];
      availableBalance: components['schemas']['Money'] | null;
      creditLimit: components['schemas']['Money'] | null;
      balanceAsOf: string | null;
      mask: string | null;
      hidden: boolean;
      favorite: boolean;
      institutionName: string | null;
      transactionCount: number;
    };
    AccountDetail: {
      account: components['schemas']['Account'];
      /**
       * @description Who keeps the balance: the user (balance updates), the account's connection (sync) or its property's valuations
       * @enum {string}
       */
      balanceSource: 'manual' | 'connection' | 'property';
      /** @description End-of-day balances in the account's currency, oldest first, thinned to at most 400 points (LTTB) */
      history: {
        date: string;
        balanceMinor: number;
      }[];
      /** @description What the lender last reported about this card or loan (Plaid liabilities), refreshed on every sync; amounts positive as stated */
      liability: {
        /** @enum {string} */
        kind: 'credit' | 'student' | 'mortgage';
        currency: string;
        aprs: {
          /** @description purchase_apr, cash_apr, balance_transfer_apr or special */
          type: string;
          /** @description Percent per year, a decimal string */
          percentage: string;
          balanceSubjectToApr: components['schemas']['Money'] | null;
        }[];
        /** @description Loans: percent per year (decimal string), fixed or variable */
        interestRate: {
          percentage: string;
          type: string | null;
        } | null;
        /** @description Minimum payment (cards, student loans) or next monthly payment (mortgages) */
        nextPayment: components['schemas']['Money'] | null;
        nextPaymentDueDate: string | null;
        lastPayment: components['schemas']['Money'] | null;
        lastPaymentDate: string | null;
        lastStatementBalance: components['schemas']['Money'] | null;
        lastStatementIssueDate: string | null;
        /** @description Expected payoff (student loans) or maturity (mortgages) */
        payoffDate: string | null;
        isOverdue: boolean | null;
        updatedAt: string;
      } | null;
      /** @description The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period reaching further back starts here. Null when the plan has no window (self-hosted) */
      visibleFrom: string | null;
    };
    Transaction: {
      id: string;
      accountId: string;
      accountName: string;
      date: string;
      amount: components['schemas']['Money'];
      /** @description A payment made in another currency, as the statement gave it (details only) */
      foreignAmount: {
        amount: components['schemas']['Money'];
        exchangeRate: string | null;
      } | null;
      name: string;
      originalName: string;
      merchantName: string | null;
      description: string | null;
      category: string | null;
      detailedCategory: string | null;
      categoryConfidence: number;
      /** @enum {string} */
      categorySource: 'provider' | 'rule' | 'user';
      paymentChannel: string | null;
      paymentMethod: string | null;
      /** @enum {string} */
      status: 'pending' | 'posted' | 'failed' | 'cancelled';
      notes: string | null;
      tags: string[];
      excluded: boolean;
      isTransfer: boolean;
      importBatchId: string | null;
    };
    Pagination: {
      total: number;
      page: number;
      pageSize: number;
      totalPages: number;
      hasNext: boolean;
      /** @description Every transaction of the user the plan shows, whatever the filters */
      unfilteredTotal: number;
      /** @description A search stops counting at 1,000 matches: true when more match, and `total` (1,000) means "1,000+"; `hasNext` and `totalPages` then follow from the rows read */
      totalCapped: boolean;
      /** @description Pass as `after` with `page` + 1 for the next page; null on the last page */
      nextCursor: string | null;
      /** @description The first day the user's plan shows (its data-retention window); older transactions are kept but left out of every list, total and export, and an earlier `date` starts here. Null: no window */
      visibleFrom: string | null;
    };
    ListedRule: {
      id: string;
      /** @description Lower runs first; ties by id */
      priority: number;
      conditions: components['schemas']['RuleConditions'];
      actions: components['schemas']['RuleActions'];
      enabled: boolean;
      createdAt: string;
      updatedAt: string;
      /** @description How many of your transactions this rule is the first match for today (null while it is turned off) */
      matched: number | null;
    };
    /** @description All must hold; at least one is required */
    RuleConditions: {
      /** @description The name contains this text (any case, any accents) */
      nameContains?: string;
      /** @description The merchant key equals this (lower-case words, e.g. 'blue bottle coffee') */
      merchantEquals?: string;
      /** @description The whole name matches this pattern ('*' wildcards) */
      nameMatches?: string;
      /** @description Absolute amount ≥ this, in minor units; needs `currency` */
      amountMinMinor?: number;
      /** @description Absolute amount ≤ this, in minor units; needs `currency` */
      amountMaxMinor?: number;
      /**
       * @description 'in' = money into the account, 'out' = money out
       * @enum {string}
       */
      direction?: 'in' | 'out';
      /** @description On one of these of your accounts */
      accountIds?: string[];
      /** @description ISO-4217 code of the transaction */
      currency?: string;
    };
    /** @description What the first matching rule does; at least one is required */
    RuleActions: {
      /** @enum {string} */
      category?:
        | 'FOOD_AND_DRINK'
        | 'GENERAL_MERCHANDISE'
        | 'TRANSPORTATION'
        | 'ENTERTAINMENT'
        | 'TRAVEL'
        | 'INCOME'
        | 'TRANSFER'
        | 'LOAN_PAYMENTS'
        | 'GENERAL_SERVICES'
        | 'RENT_AND_UTILITIES'
        | 'HOME_IMPROVEMENT'
        | 'MEDICAL';
      /** @description Detailed category code, e.g. 'FOOD_AND_DRINK_COFFEE' */
      detailed?: string;
      /** @description New display name, at most 50 characters */
      rename?: string;
      /** @description Mark as a transfer (and leave out of totals) */
      markTransfer?: boolean;
      /** @description Leave out of spending and income totals */
      exclude?: boolean;
    };
    CategorizationRule: {
      id: string;
      /** @description Lower runs first; ties by id */
      priority: number;
      conditions: components['schemas']['RuleConditions'];
      actions: components['schemas']['RuleActions'];
      enabled: boolean;
      createdAt: string;
      updatedAt: string;
    };
    SuggestedRule: {
      /** @description Made from the example; the server chooses the id when it is saved */
      id: string;
      /** @description Lower runs first; ties by id */
      priority: number;
      conditions: components['schemas']['RuleConditions'];
      actions: components['schemas']['RuleActions'];
      enabled: boolean;
    };
    ImportPreview: {
      /** @enum {string} */
      kind: 'csv' | 'ofx' | 'qfx' | 'qif' | 'camt' | 'mt940';
      /** @description How contentBase64 was read: the encoding, what settled it, and how many NUL characters were removed; null for content sent as text */
      encoding: {
        name: components['schemas']['ImportEncoding'];
        /** @enum {string} */
        source: 'bom' | 'utf-8' | 'utf-16-pattern' | 'declared' | 'detected' | 'chosen';
        nulRemoved: number;
      } | null;
      mapping:
        | (components['schemas']['CsvMapping'] & {
            headers: string[];
            warnings: string[];
          })
        | null;
      rows: components['schemas']['ImportPreviewRow'][];
      /** @description Every row flagged as a possible duplicate inside the file (at most 500) */
      possibleDuplicates: components['schemas']['ImportPreviewRow'][];
      newCount: number;
      duplicateCount: number;
      possibleDuplicateCount: number;
      /** @description Every statement of the file (one for CSV), in the file's order */
      statements: {
        /** @description The account number masked to its last four digits (…6789), or the QIF account name */
        account: string | null;
        type: string | null;
        currency: string | null;
        transactionCount: number;
      }[];
      /** @description The statement shown (and imported) */
      statementIndex: number;
      /** @description The file holds several accounts and none matches this account’s mask: the import needs `statement` */
      needsStatementChoice: boolean;
      /** @description An investment statement's positions (OFX INVPOSLIST; units and prices as decimal strings): they replace the account's holdings on import unless it holds newer ones */
      positions: {
        name: string;
        ticker: string | null;
        units: string;
        unitPrice: string;
        marketValue: components['schemas']['Money'] | null;
        asOf: string;
      }[];
      /** @description The opening and closing balances the statement states (CAMT OPBD/CLBD, MT940 :60F:/:62F:, OFX LEDGERBAL as closing), offered to set the account's balance */
      statementBalances: {
        opening: {
          amountMinor: number;
          currency: string;
          asOf: string;
        } | null;
        closing: {
          amountMinor: number;
          currency: string;
          asOf: string;
        } | null;
      };
      /** @description A manual account: its entered balance (anchor, on anchorDate), today's balance, and today's balance after importing the new rows (rows after anchorDate move it) */
      balance: {
        anchorDate: string;
        anchor: components['schemas']['Money'];
        current: components['schemas']['Money'];
        after: components['schemas']['Money'];
      } | null;
      warnings: string[];
    };
    /** @enum {string} */
    ImportEncoding:
      | 'utf-8'
      | 'utf-16le'
      | 'utf-16be'
      | 'windows-1252'
      | 'iso-8859-1'
      | 'iso-8859-15'
      | 'iso-8859-2'
      | 'windows-1250'
      | 'windows-1251'
      | 'gb18030'
      | 'big5'
      | 'shift_jis'
      | 'euc-jp'
      | 'euc-kr';
    CsvMapping: {
      /** @enum {string} */
      delimiter: ',' | ';' | '\t' | '|';
      skipLines: number;
      hasHeader: boolean;
      headers?: string[];
      columns: {
        date?: number;
        indicator?: number;
        debit?: number;
        credit?: number;
        amount?: number;
        balance?: number;
        currency?: number;
        checkNumber?: number;
        reference?: number;
        category?: number;
        name?: number;
        payee?: number;
        memo?: number;
        foreignAmount?: number;
        foreignCurrency?: number;
        exchangeRate?: number;
      };
      /** @enum {string} */
      dateFormat:
        | 'YYYY-MM-DD'
        | 'MM/DD/YYYY'
        | 'DD/MM/YYYY'
        | 'DD.MM.YYYY'
        | 'YYYY/MM/DD'
        | 'DD-MM-YYYY'
        | 'MM-DD-YYYY'
        | 'D MMM YYYY'
        | 'YYYYMMDD';
      /** @enum {string} */
      decimal: '.' | ',';
      /** @enum {string} */
      sign: 'signed' | 'debit-credit' | 'indicator';
      invertSign?: boolean;
    };
    ImportPreviewRow: {
      line: number;
      date: string;
      amount: components['schemas']['Money'];
      name: string;
      /** @description The account already holds it: skipped */
      duplicate: boolean;
      /** @description A possible duplicate inside the file: the line of the earlier identical row; skipped unless kept (keepLines) */
      repeatOf: number | null;
    };
    ImportRequest: {
      accountId: string;
      fileName: string;
      /** @description The file as text (UTF-8); send either this or contentBase64 */
      content?: string;
      /** @description The file's bytes, base64: the server detects the text encoding (byte-order mark, valid UTF-8, the file's own declaration, then a detector) */
      contentBase64?: string;
      encoding?: components['schemas']['ImportEncoding'] & unknown;
      /** @description Which of the file's statements to import (its index in the preview's statements), when it holds several accounts */
      statement?: number;
      mapping?: components['schemas']['CsvMapping'];
      /** @description Lines of rows the preview flagged as possible duplicates inside the file (repeatOf) to import anyway */
      keepLines?: number[];
    };
    ImportResult: {
      id: string;
      importedCount: number;
      duplicateCount: number;
      balance: {
        beforeMinor: number;
        afterMinor: number;
        currency: string;
      } | null;
    };
    ImportJob: {
      id: string;
      fileName: string;
      /** @enum {string} */
      state: 'queued' | 'running' | 'done' | 'failed';
      /** @description The file's rows */
      totalRows: number;
      /** @description Rows done so far (skipped duplicates count) */
      doneRows: number;
      /** @description The import, once done (a multi-account import with its statements) */
      result: components['schemas']['ImportResult'] | components['schemas']['StatementsImportResult'] | null;
      /** @description Why it failed (nothing was imported) */
      error: string | null;
      createdAt: string;
      finishedAt: string | null;
    };
    StatementsImportResult: {
      id: string;
      importedCount: number;
      duplicateCount: number;
      statements: {
        statement: number;
        accountId: string;
        accountName: string;
        created: boolean;
        importedCount: number;
        duplicateCount: number;
      }[];
    };
    StatementsPreview: {
      /** @enum {string} */
      kind: 'csv' | 'ofx' | 'qfx' | 'qif' | 'camt' | 'mt940';
      /** @description How contentBase64 was read: the encoding, what settled it, and how many NUL characters were removed; null for content sent as text */
      encoding: {
        name: components['schemas']['ImportEncoding'];
        /** @enum {string} */
        source: 'bom' | 'utf-8' | 'utf-16-pattern' | 'declared' | 'detected' | 'chosen';
        nulRemoved: number;
      } | null;
      statements: {
        statement: number;
        account: string | null;
        type: string | null;
        currency: string | null;
        transactionCount: number;
        /** @description Where the statement goes: matched by number (mask) or name, chosen, a new account (accountId null), or null when it needs a choice */
        target: {
          accountId: string | null;
          accountName: string;
          /** @enum {string} */
          match: 'number' | 'name' | 'chosen' | 'new';
          newAccount: {
            name: string;
            type: string;
            currency: string;
          } | null;
        } | null;
        /** @description The first 50 rows */
        rows: components['schemas']['ImportPreviewRow'][];
        newCount: number;
        duplicateCount: number;
        possibleDuplicateCount: number;
        positionCount: number;
        warnings: string[];
      }[];
      possibleDuplicates: components['schemas']['ImportPreviewRow'][];
      /** @description Every statement has an account: the import can run */
      ready: boolean;
      warnings: string[];
    };
    StatementsImportRequest: {
      /** @description The account the import was started from: its currency reads amounts of files that state none */
      accountId: string;
      fileName: string;
      /** @description The file as text (UTF-8); send either this or contentBase64 */
      content?: string;
      /** @description The file's bytes, base64: the server detects the text encoding (byte-order mark, valid UTF-8, the file's own declaration, then a detector) */
      contentBase64?: string;
      encoding?: components['schemas']['ImportEncoding'] & unknown;
      mapping?: components['schemas']['CsvMapping'];
      /** @description Lines of rows the preview flagged as possible duplicates inside the file (repeatOf) to import anyway */
      keepLines?: number[];
      /**
       * @description Where statements go, by index: one of your accounts (accountId) or a new one (newAccountName). A statement not listed goes into the account whose mask ends its number, else the one named like it (QIF); else it needs a choice
       * @default []
       */
      statementAccounts: {
        statement: number;
        accountId?: string;
        newAccountName?: string;
      }[];
    };
    ImportBatch: {
      id: string;
      accountId: string;
      accountName: string;
      fileName: string;
      kind: string;
      /** @enum {string} */
      status: 'committed' | 'undone';
      importedCount: number;
      duplicateCount: number;
      createdAt: string;
      undoneAt: string | null;
    };
    Dashboard: {
      currency: string;
      asOf: string;
      /** @enum {string} */
      period: '1-month' | '3-months' | '6-months' | '1-year' | 'all-time';
      hasAccounts: boolean;
      summary: {
        netWorth: components['schemas']['Money'];
        assets: components['schemas']['Money'];
        liabilities: components['schemas']['Money'];
        cash: components['schemas']['Money'];
        investments: components['schemas']['Money'];
        crypto: components['schemas']['Money'];
        realEstate: components['schemas']['Money'];
        other: components['schemas']['Money'];
        change: {
          /** @description Null when a total leaves a currency out for want of any rate (see `missing`) */
          amount: components['schemas']['Money'] | null;
          percent: number | null;
          from: string;
          /** @description Currencies without any rate: the change is not computed from partial totals */
          missing: string[];
          /** @description A total is converted at a later day’s rate (before the currency’s first rate) */
          estimated: boolean;
        };
      };
      allocation: {
        /** @enum {string} */
        class: 'cash' | 'investment' | 'crypto' | 'real_estate' | 'other' | 'liability';
        label: string;
        amount: components['schemas']['Money'];
        percent: number;
      }[];
      cryptoShare: {
        percent: number;
        threshold: number;
        above: boolean;
      };
      accounts: {
        type: string;
        label: string;
        total: components['schemas']['Money'];
        accounts: {
          id: string;
          name: string;
          type: string;
          institution: string | null;
          status: string;
          native: components['schemas']['Money'];
          converted: components['schemas']['Money'] | null;
          isLiability: boolean;
        }[];
      }[];
      fx: components['schemas']['FxReport'];
      /** @description The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period reaching further back starts here. Null when the plan has no window (self-hosted) */
      visibleFrom: string | null;
    };
    FxReport: {
      /** @description Currencies left out of the totals: no rate at all */
      missing: string[];
      /** @description Currencies converted at a rate more than 7 days old */
      stale: {
        currency: string;
        asOf: string;
      }[];
      /** @description Currencies converted on days before their first rate at the earliest known one (dated `from`) */
      estimated: {
        currency: string;
        from: string;
      }[];
    };
    Portfolio: {
      currency: string;
      /** @enum {string} */
      range: '1M' | '3M' | '6M' | '1Y' | 'ALL';
      from: string;
      to: string;
      classes: ('cash' | 'investment' | 'crypto' | 'real_estate' | 'other' | 'liability')[];
      points: {
        date: string;
        netWorth: number;
        cash: number;
        investment: number;
        crypto: number;
        real_estate: number;
        other: number;
        liability: number;
        account_count: number;
        /** @description Converted at a later day’s rate (before a currency’s first rate) */
        estimated: boolean;
      }[];
      fx: components['schemas']['FxReport'];
      /** @description The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period reaching further back starts here. Null when the plan has no window (self-hosted) */
      visibleFrom: string | null;
    };
    Balance: {
      currency: string;
      asOf: string;
      netWorth: components['schemas']['Money'];
      assets: components['schemas']['Money'];
      liabilities: components['schemas']['Money'];
      byClass: {
        cash?: components['schemas']['Money'];
        investment?: components['schemas']['Money'];
        crypto?: components['schemas']['Money'];
        real_estate?: components['schemas']['Money'];
        other?: components['schemas']['Money'];
        liability?: components['schemas']['Money'];
      };
      fx: components['schemas']['FxReport'];
    };
    ExchangeRates: {
      /** @description The quote currency (default: your default currency) */
      currency: string;
      rates: {
        /** @description The manual rate this one rests on (deletable) */
        id?: string;
        currency: string;
        /** @description 1 unit of `currency` in the quote currency */
        rate: string;
        date: string;
        /** @enum {string} */
        source: 'ecb' | 'manual';
        stale: boolean;
        /** @description No rate on or before today: the earliest known (later) rate is used */
        estimated: boolean;
      }[];
      /** @description Currencies without any rate yet */
      missing: string[];
      /** @description The currencies of your visible accounts, sorted (empty when `base` is given) */
      held: string[];
      lastFetchedAt: string | null;
      manualRates: components['schemas']['ManualRate'][];
    };
    ManualRate: {
      id: string;
      base: string;
      quote: string;
      date: string;
      rate: string;
    };
    Holdings: {
      currency: string;
      data: components['schemas']['Holding'][];
      pagination: {
        total: number;
        page: number;
        pageSize: number;
        totalPages: number;
        hasNext: boolean;
      };
      totals: {
        value: components['schemas']['Money'];
        costBasis: components['schemas']['Money'];
        unrealizedGain: components['schemas']['Money'];
      };
      allocation: {
        byType: {
          /** @enum {string} */
          type:
            'equity' | 'etf' | 'mutual_fund' | 'fixed_income' | 'cash' | 'crypto' | 'derivative' | 'other';
          label: string;
          amount: components['schemas']['Money'];
          percent: number;
        }[];
        byAccount: {
          accountId: string;
          name: string;
          amount: components['schemas']['Money'];
          percent: number;
        }[];
      };
    };
    Holding: {
      id: string;
      accountId: string;
      accountName: string;
      symbol: string | null;
      name: string;
      /** @enum {string} */
      type: 'equity' | 'etf' | 'mutual_fund' | 'fixed_income' | 'cash' | 'crypto' | 'derivative' | 'other';
      /** @description Decimal string */
      quantity: string;
      /** @description Spec §9: crypto 8, fractional 4, whole 2 */
      quantityDecimals: number;
      price: {
        /** @description Decimal string in the holding's currency */
        amount: string;
        currency: string;
      };
      priceAsOf: string;
      /** @description For a holding added by hand: the price per unit it was bought at (decimal string; the average cost when bought more than once); null for holdings from connections and files */
      buyPrice: {
        amount: string;
        currency: string;
        /** @description How many buys (lots) make up the holding: more than one, amount is their average cost */
        buys: number;
      } | null;
      /** @description A holding added by hand that no market price is known for (the symbol is unknown, quoted in another currency or the provider could not be asked): price is its buy price and its gain is not known (null, left out of the totals) */
      valuedAtBuyPrice: boolean;
      native: components['schemas']['Money'];
      /** @description In the reporting currency; null when no rate exists */
      converted: components['schemas']['Money'] | null;
      costBasis: components['schemas']['Money'] | null;
      unrealizedGain: components['schemas']['Money'] | null;
      unrealizedGainPercent: number | null;
    };
    ManualHolding: {
      id: string;
      accountId: string;
      symbol: string;
      name: string;
      /** @description Decimal string: the sum of its buys (lots) */
      quantity: string;
      price: {
        /** @description The buy price: decimal string per unit, in the account currency (the average cost when it was bought more than once) */
        amount: string;
        currency: string;
      };
      /** @description The day of its first buy (YYYY-MM-DD) */
      date: string;
      costBasis: components['schemas']['Money'] & unknown;
      /** @description How many buys (lots) make it up */
      lots: number;
    };
    ManualLot: {
      id: string;
      holdingId: string;
      /** @description Decimal string */
      quantity: string;
      price: {
        /** @description Decimal string per unit, in the account currency */
        amount: string;
        currency: string;
      };
      /** @description The day it was bought (YYYY-MM-DD) */
      date: string;
      amount: components['schemas']['Money'] & unknown;
    };
    SecurityTransaction: {
      id: string;
      holdingId: string;
      date: string;
      accountId: string;
      accountName: string;
      /** @description The buy (lot) of the holding: PATCH / DELETE /investments/lots/{id} */
      lotId: string;
      /**
       * @description Only buys of holdings added by hand carry units today
       * @enum {string}
       */
      type: 'buy';
      /** @description Decimal string */
      quantity: string;
      price: {
        amount: string;
        currency: string;
      };
      amount: components['schemas']['Money'] & unknown;
    };
    Investments: {
      /** @description The reporting currency (default_currency preference) */
      currency: string;
      /**
       * @description Today in the user's time zone
       * @example 2026-11-25
       */
      asOf: string;
      holdings: components['schemas']['InvestmentHolding'][];
      accounts: {
        accountId: string;
        name: string;
        marketValue: components['schemas']['Money'];
        costBasis: components['schemas']['Money'];
        unrealizedGain: components['schemas']['Money'];
        unrealizedGainPercent: number | null;
        dayChange: components['schemas']['Money'];
        dayChangeCount: number;
        holdingCount: number;
        unconvertedCount: number;
        priceDates: {
          oldest: string;
          newest: string;
        } | null;
        weight: number | null;
        brokerage: components['schemas']['BrokerageBalance'];
      }[];
      totals: {
        marketValue: components['schemas']['Money'];
        costBasis: components['schemas']['Money'];
        unrealizedGain: components['schemas']['Money'];
        unrealizedGainPercent: number | null;
        dayChange: components['schemas']['Money'];
        dayChangeCount: number;
        holdingCount: number;
        unconvertedCount: number;
        priceDates: {
          oldest: string;
          newest: string;
        } | null;
      };
      brokerage: components['schemas']['BrokerageTotals'];
      missingCurrencies: string[];
    };
    InvestmentHolding: {
      id: string;
      accountId: string;
      accountName: string;
      symbol: string | null;
      name: string;
      /** @enum {string} */
      type: 'equity' | 'etf' | 'mutual_fund' | 'fixed_income' | 'cash' | 'crypto' | 'derivative' | 'other';
      /** @description Decimal string; units held */
      quantity: string;
      price: {
        /** @description Decimal string; in the holding's currency */
        amount: string;
        currency: string;
        /**
         * @description The day of the price (a stored close, else the provider’s holding price)
         * @example 2026-11-25
         */
        date: string;
      };
      /** @description For a holding added by hand: the price per unit it was bought at (decimal string; the average cost when bought more than once); null for holdings from connections and files */
      buyPrice: {
        amount: string;
        currency: string;
        /** @description How many buys (lots) make up the holding: more than one, amount is their average cost */
        buys: number;
      } | null;
      /** @description A holding added by hand that no market price is known for (the symbol is unknown, quoted in another currency or the provider could not be asked): price is its buy price and its gain is not known (null, left out of the totals) */
      valuedAtBuyPrice: boolean;
      costBasis: components['schemas']['Money'] | null;
      marketValue: components['schemas']['Money'];
      marketValueConverted: components['schemas']['Money'] | null;
      unrealizedGain: components['schemas']['Money'] | null;
      unrealizedGainConverted: components['schemas']['Money'] | null;
      unrealizedGainPercent: number | null;
      dayChange: components['schemas']['DayChange'];
      /**
       * @description Why there is no day change (null when there is one)
       * @enum {string|null}
       */
      dayChangeUnavailable:
        | 'no_symbol'
        | 'not_quoted'
        | 'unknown_symbol'
        | 'quote_unavailable'
        | 'no_previous_close'
        | 'currency_differs'
        | 'pegged'
        | null;
      /** @description Percent of the overall converted market value */
      weight: number | null;
    };
    DayChange: {
      amount: components['schemas']['Money'] & unknown;
      /** @description In the reporting currency; null without a rate */
      converted: components['schemas']['Money'] | null;
      percent: number | null;
      /**
       * @description The quote's trading day (UTC)
       * @example 2026-11-25
       */
      priceDate: string;
      /** @description Decimal string; the close the change is measured from */
      previousClose: string;
      /** @description The provider failed: the last known quote */
      stale: boolean;
    } | null;
    /** @description Null for an account that is not an investment account (crypto) */
    BrokerageBalance: {
      balance: components['schemas']['Money'] & unknown;
      holdings: components['schemas']['Money'] & unknown;
      cash: components['schemas']['Money'] & unknown;
      /** @description The balance in the reporting currency; null without a rate */
      balanceConverted: components['schemas']['Money'] | null;
    } | null;
    /** @description Null when no investment account has holdings */
    BrokerageTotals: {
      balance: components['schemas']['Money'];
      holdings: components['schemas']['Money'];
      cash: components['schemas']['Money'] & unknown;
      accountCount: number;
      /** @description Accounts left out of the totals for lack of a rate */
      unconvertedCount: number;
    } | null;
    InvestmentPerformance: {
      /** @enum {string} */
      range: '1m' | '3m' | 'ytd' | '1y' | 'all';
      currency: string;
      today: string;
      accounts: {
        accountId: string;
        name: string;
        type: string;
        currency: string;
        figures: components['schemas']['PerformanceFigures'];
        /**
         * @description Why there are no figures (null when there are)
         * @enum {string|null}
         */
        unavailable: 'holdings_not_in_history' | 'no_history' | null;
      }[];
      overall: {
        figures: components['schemas']['PerformanceFigures'] & unknown;
        /** @description Accounts counted in the overall figures */
        accountCount: number;
        missingCurrencies: string[];
      };
      /** @description The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period reaching further back starts here. Null when the plan has no window (self-hosted) */
      visibleFrom: string | null;
    };
    PerformanceFigures: {
      /**
       * @description The value at the end of this day is where the returns start
       * @example 2026-11-25
       */
      from: string;
      /**
       * @description Today
       * @example 2026-11-25
       */
      to: string;
      startValue: components['schemas']['Money'];
      endValue: components['schemas']['Money'];
      netDeposits: components['schemas']['Money'] & unknown;
      income: components['schemas']['Money'] & unknown;
      costs: components['schemas']['Money'] & unknown;
      timeWeightedPercent: number | null;
      /** @description XIRR, annual, percent */
      moneyWeightedPercent: number | null;
    } | null;
    Quote: {
      symbol: string;
      name: string | null;
      exchange: string | null;
      /** @enum {string} */
      type: 'equity' | 'etf' | 'mutual_fund' | 'index' | 'bond' | 'currency' | 'crypto' | 'other';
      /** @description ISO 4217; GBX for prices in pence */
      currency: string;
      /** @description Decimal string in `currency` */
      price: string;
      /** @description Decimal string; for a crypto asset the price 24 hours earlier (the source's 24-hour change), null for a stablecoin valued at its peg */
      previousClose: string | null;
      /** @description price − previousClose, decimal string */
      change: string | null;
      changePercent: number | null;
      /** @description When the price was set (ISO 8601) */
      priceTime: string;
      /** @description yahoo or twelve-data; coingecko for a crypto asset (the crypto price service) */
      provider: string;
      /** @description When the provider gave this answer (ISO 8601) */
      fetchedAt: string;
      ageSeconds: number;
      /** @description The provider failed: this is the last known answer */
      stale: boolean;
    };
    Quotes: {
      quotes: components['schemas']['Quote'][];
      /** @description Symbols the provider does not know */
      unknown: string[];
      /** @description Symbols with no answer now and none known before (the provider failed) */
      unavailable: string[];
    };
    SecuritySearch: {
      results: {
        symbol: string;
        name: string;
        exchange: string | null;
        /** @enum {string} */
        type: 'equity' | 'etf' | 'mutual_fund' | 'index' | 'bond' | 'currency' | 'crypto' | 'other';
        /** @description Null when the provider does not say */
        currency: string | null;
      }[];
      /** @description yahoo or twelve-data; coingecko for a crypto asset (the crypto price service) */
      provider: string;
      /** @description When the provider gave this answer (ISO 8601) */
      fetchedAt: string;
      ageSeconds: number;
      /** @description The provider failed: this is the last known answer */
      stale: boolean;
    };
    Trending: {
      /** @description False when the provider has no trending list */
      available: boolean;
      symbols: string[];
      quotes: components['schemas']['Quote'][];
      /** @description yahoo or twelve-data; coingecko for a crypto asset (the crypto price service) */
      provider: string;
      /** @description When the provider gave this answer (ISO 8601) */
      fetchedAt: string;
      ageSeconds: number;
      /** @description The provider failed: this is the last known answer */
      stale: boolean;
    };
    MarketNews: {
      /**
       * @description symbols: news found for the symbols asked; general: market news (no symbols asked)
       * @enum {string}
       */
      scope: 'symbols' | 'general';
      /** @description Newest first, at most 30 */
      items: {
        id: string;
        title: string;
        /** @description The publisher, as the news feed names it */
        source: string;
        /** @description ISO 8601 */
        publishedAt: string;
        /** @description The publisher's page (http or https) */
        url: string;
        /** @description Tickers the feed relates the item to */
        symbols: string[];
        /**
         * @description video when the feed marks it so
         * @enum {string}
         */
        category: 'article' | 'video';
      }[];
      /** @description Headlines left out by your enabled_news_sources and news_categories preferences */
      filtered: number;
      /** @description Symbols with no news now and none known before (the feed failed) */
      unavailable: string[];
      /** @description yahoo or twelve-data; coingecko for a crypto asset (the crypto price service) */
      provider: string;
      /** @description When the provider gave this answer (ISO 8601) */
      fetchedAt: string;
      ageSeconds: number;
      /** @description The provider failed: this is the last known answer */
      stale: boolean;
    };
    NewsSources: {
      /** @description Each publisher once (without regard to case), most headlines first, at most 100 */
      sources: {
        /** @description The publisher, as its newest headline names it */
        name: string;
        /** @description How many of the headlines are its */
        headlines: number;
        /** @description Its newest headline (ISO 8601) */
        lastPublishedAt: string;
      }[];
      /** @description The headlines read, each once */
      headlines: number;
      /** @description The cached news answers they came from */
      feeds: number;
      /** @description Only news fetched at or after this time (ISO 8601) */
      since: string;
    };
    PriceHistory: {
      symbol: string;
      currency: string;
      /** @enum {string} */
      range: '1m' | '3m' | '6m' | 'ytd' | '1y' | '5y' | '10y' | 'max';
      /** @description Daily closes, oldest first; `date` is the trading day */
      points: {
        date: string;
        close: string;
      }[];
      /** @description yahoo or twelve-data; coingecko for a crypto asset (the crypto price service) */
      provider: string;
      /** @description When the provider gave this answer (ISO 8601) */
      fetchedAt: string;
      ageSeconds: number;
      /** @description The provider failed: this is the last known answer */
      stale: boolean;
    };
    Watchlist: {
      /** @description In the user's order, at most 100 */
      symbols: string[];
      items: {
        symbol: string;
        quote: components['schemas']['Quote'] | null;
      }[];
    };
    Property: {
      id: string;
      accountId: string;
      name: string;
      address: components['schemas']['PropertyAddress'];
      purchasePrice: components['schemas']['Money'];
      purchaseDate: string;
      currentValue: components['schemas']['Money'];
      valuationDate: string;
      mortgage: {
        accountId: string;
        name: string;
        balance: components['schemas']['Money'] & unknown;
      } | null;
      equity: components['schemas']['Money'];
      loanToValue: number | null;
      appreciation: {
        amount: components['schemas']['Money'];
        percent: number | null;
      };
    };
    PropertyAddress: {
      line1: string;
      line2: string | null;
      city: string;
      state: string | null;
      postalCode: string | null;
      country: string;
    };
    PropertyDetail: components['schemas']['Property'] & {
      valuations: components['schemas']['PropertyValuation'][];
    };
    PropertyValuation: {
      id: string;
      date: string;
      value: components['schemas']['Money'];
      /** @enum {string} */
      source: 'purchase' | 'manual';
      note: string | null;
    };
    ActivitySummary: {
      currency: string;
      /** @enum {string} */
      period: '1-month' | '3-months' | '6-months' | '1-year' | 'all-time';
      current: {
        from: string;
        to: string;
        income: components['schemas']['Money'];
        spending: components['schemas']['Money'];
        net: components['schemas']['Money'];
        transactionCount: number;
        topCategories: {
          category: string;
          label: string;
          amount: components['schemas']['Money'];
          percent: number;
          transactionCount: number;
        }[];
      };
      previous: {
        from: string;
        to: string;
        income: components['schemas']['Money'];
        spending: components['schemas']['Money'];
        net: components['schemas']['Money'];
        transactionCount: number;
      } | null;
      change: {
        income: {
          amount: components['schemas']['Money'];
          percent: number | null;
        };
        spending: {
          amount: components['schemas']['Money'];
          percent: number | null;
        };
        net: {
          amount: components['schemas']['Money'];
          percent: number | null;
        };
        transactionCount: {
          amount: number;
          percent: number | null;
        };
      } | null;
      /** @description The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period reaching further back starts here. Null when the plan has no window (self-hosted) */
      visibleFrom: string | null;
    };
    SpendingSummary: {
      currency: string;
      month: string;
      previousMonth: string;
      total: components['schemas']['Money'];
      previousTotal: components['schemas']['Money'];
      change: {
        amount: components['schemas']['Money'];
        percent: number | null;
      };
      income: components['schemas']['Money'];
      byCategory: {
        /** @description Shown category code, '' = Uncategorized */
        category: string;
        label: string;
        amount: components['schemas']['Money'];
        previousAmount: components['schemas']['Money'];
        change: {
          amount: components['schemas']['Money'];
          percent: number | null;
        };
        percent: number;
        transactionCount: number;
      }[];
      byMerchant: {
        merchant: string;
        category: string;
        amount: components['schemas']['Money'];
        transactionCount: number;
      }[];
      daily: {
        day: number;
        cumulative: number;
        previousCumulative: number | null;
      }[];
      hiddenCategories: string[];
      /** @description The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period reaching further back starts here. Null when the plan has no window (self-hosted) */
      visibleFrom: string | null;
    };
    ExpenseFlow: {
      currency: string;
      /** @enum {string} */
      period: 'monthly' | 'quarterly' | 'yearly';
      from: string;
      to: string;
      income: components['schemas']['Money'];
      spending: components['schemas']['Money'];
      savings: components['schemas']['Money'];
      nodes: {
        id: string;
        label: string;
        /** @enum {string} */
        kind: 'source' | 'income' | 'category' | 'other' | 'savings' | 'deficit';
        amount: number;
      }[];
      links: {
        from: string;
        to: string;
        amount: number;
      }[];
      /** @description The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period reaching further back starts here. Null when the plan has no window (self-hosted) */
      visibleFrom: string | null;
    };
    Insights: {
      currency: string;
      asOf: string;
      insights: components['schemas']['Insight'][];
      recurring: components['schemas']['RecurringPayment'][];
    };
    Insight: {
      /** @description Stable across requests for the same finding ('category-up:FOOD_AND_DRINK') */
      id: string;
      /** @enum {string} */
      kind:
        | 'savings_rate'
        | 'category_up'
        | 'category_down'
        | 'unusual_transaction'
        | 'recurring_price_increase'
        | 'new_recurring'
        | 'large_transaction'
        | 'idle_cash'
        | 'crypto_share'
        | 'low_balance_projection'
        | 'budget';
      /** @enum {string} */
      severity: 'positive' | 'info' | 'warning';
      title: string;
      explanation: string;
      figures: {
        label: string;
        /** @description money: Money; percent: a number already in percent; date: 'YYYY-MM-DD' */
        value: components['schemas']['Money'] | number | string;
        /** @enum {string} */
        format: 'money' | 'percent' | 'date' | 'text' | 'number';
      }[];
      links: {
        label: string;
        href: string;
      }[];
    };
    RecurringPayment: {
      key: string;
      name: string;
      category: string | null;
      accountId: string;
      /** @enum {string} */
      cadence: 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly';
      averageAmount: components['schemas']['Money'] & unknown;
      lastAmount: components['schemas']['Money'];
      lastDate: string;
      nextDate: string;
      nextAmount: components['schemas']['Money'];
      occurrences: number;
      priceIncrease: {
        from: components['schemas']['Money'];
        to: components['schemas']['Money'];
        date: string;
      } | null;
      href: string;
    };
    BudgetMonth: {
      month: string;
      currency: string;
      daysLeft: number;
      daysInMonth: number;
      overall: components['schemas']['BudgetLine'];
      categories: components['schemas']['BudgetLine'][];
      hiddenCategories: string[];
      previousMonthHasBudgets: boolean;
      missingCurrencies: string[];
    };
    BudgetLine: {
      /** @description A spending category of spec §3, or 'overall' */
      category: string;
      label: string;
      budget: components['schemas']['Money'] | null;
      rollover: boolean;
      carried: components['schemas']['Money'];
      available: components['schemas']['Money'] | null;
      spent: components['schemas']['Money'];
      remaining: components['schemas']['Money'] | null;
      remainingPerDay: components['schemas']['Money'] | null;
      percent: number | null;
      /** @enum {string} */
      status: 'none' | 'under' | 'near' | 'over';
      threshold: 80 | 100 | null;
      averages: {
        3: components['schemas']['Money'];
        6: components['schemas']['Money'];
        12: components['schemas']['Money'];
      };
    };
    WebhookEndpoint: {
      id: string;
      url: string;
      events: string[];
      secretPrefix: string;
      enabled: boolean;
      disabledAt: string | null;
      disabledReason: string | null;
      consecutiveFailures: number;
      createdAt: string;
    };
    WebhookDelivery: {
      id: string;
      eventId: string;
      eventType: string;
      /** @enum {string} */
      status: 'pending' | 'sending' | 'succeeded' | 'failed';
      attempts: number;
      lastStatusCode: number | null;
      nextAttemptAt: string | null;
      createdAt: string;
      deliveredAt: string | null;
      log: {
        at: string;
        status: number | null;
        error: string | null;
        ms: number;
      }[];
    };
    ReportResult: {
      currency: string;
      /** @enum {string} */
      unit: 'money' | 'count';
      /** @enum {string} */
      measure: 'spending' | 'income' | 'net' | 'balance' | 'count' | 'average';
      title: string;
      from: string;
      to: string;
      columns: {
        key: string;
        label: string;
        from: string;
        to: string;
        total: {
          /** @description Minor units of `currency` (count: transactions) */
          value: number;
          /** @description Activity listing exactly the rows summed (null for balances) */
          href: string | null;
        };
      }[];
      rows: {
        key: string;
        label: string;
        /** @description One value per column; a cell’s Activity link is the row’s between the column’s dates */
        cells: number[];
        total: {
          /** @description Minor units of `currency` (count: transactions) */
          value: number;
          /** @description Activity listing exactly the rows summed (null for balances) */
          href: string | null;
        };
        average: number;
        previousTotal: number | null;
      }[];
      omittedRows: number;
      total: {
        /** @description Minor units of `currency` (count: transactions) */
        value: number;
        /** @description Activity listing exactly the rows summed (null for balances) */
        href: string | null;
      };
      average: number;
      previous: {
        from: string;
        to: string;
        total: number;
      } | null;
      fx: {
        missing: string[];
        estimated: {
          currency: string;
          from: string;
        }[];
      };
      /** @description The first day (YYYY-MM-DD) the user's plan shows: older history is kept but left out, and a period reaching further back starts here. Null when the plan has no window (self-hosted) */
      visibleFrom: string | null;
    };
    SavedReport: {
      id: string;
      name: string;
      /** @description A report definition (ReportDefinition) */
      definition: {
        [key: string]: unknown;
      };
      /** @description Shown on the dashboard */
      pinned: boolean;
      position: number;
      createdAt: string;
      updatedAt: string;
    };
    User: {
      id: string;
      email: string;
      fullName: string;
      emailVerified: boolean;
      twoFactorEnabled: boolean;
      createdAt: string;
      lastSignInAt: string | null;
    };
    UserStats: {
      lastLoginAt: string | null;
      plan: string;
      connectedAccounts: number;
    };
    MfaFactor: {
      id: string;
      /** @enum {string} */
      type: 'totp';
      /** @enum {string} */
      status: 'verified' | 'unverified';
      friendlyName: string;
      createdAt: string;
    };
    UserSession: {
      id: string;
      device: string;
      browser: string;
      os: string;
      ipAddress: string | null;
      createdAt: string;
      lastActiveAt: string;
      current: boolean;
    };
    AuthEvent: {
      id: string;
      type: string;
      ipAddress: string | null;
      userAgent: string | null;
      createdAt: string;
    };
    LinkedIdentity: {
      id: string;
      /** @enum {string} */
      provider: 'google' | 'github' | 'apple' | 'oidc';
      providerLabel: string;
      email: string | null;
      createdAt: string;
    };
    HouseholdMember: {
      id: string;
      email: string;
      name: string | null;
      /**
       * @description `read`: sees everything, changes nothing; `write`: may also change data (never settings).
       * @enum {string}
       */
      access: 'read' | 'write';
      /** @enum {string} */
      status: 'invited' | 'active' | 'expired';
      invitedAt: string;
      inviteExpiresAt: string | null;
      acceptedAt: string | null;
      lastActiveAt: string | null;
    };
    CronRun: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      scope: 'user' | 'all';
      /** @enum {string} */
      state: 'queued' | 'running' | 'done' | 'failed';
      usersTotal: number | null;
      usersDone: number;
      successful: number;
      failed: number;
      error: string | null;
      createdAt: string;
      finishedAt: string | null;
    };
    ApiKey: {
      id: string;
      name: string;
      /** @enum {string} */
      scope: 'read' | 'read_write';
      /** @description The first 12 characters of the key, to recognise it */
      prefix: string;
      createdAt: string;
      expiresAt: string | null;
      lastUsedAt: string | null;
      revokedAt: string | null;
    };
    ExportJob: {
      id: string;
      fileName: string;
      /** @enum {string} */
      state: 'queued' | 'running' | 'done' | 'failed';
      /** @description Transactions written so far */
      rowsWritten: number;
      /** @description The user’s transactions, once known */
      totalRows: number | null;
      /** @description The gzip’d file’s size so far */
      bytes: number;
      error: string | null;
      createdAt: string;
      finishedAt: string | null;
    };
    /** @description Rows restored per kind: institutions, connections, accounts, transactions, balanceSnapshots, balanceUpdates, securities, holdings, holdingLots, liabilities, rules, csvMappings, properties, propertyValuations, fxManualRates, preferences (1 when restored) */
    RestoreCounts: {
      [key: string]: number;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

/**
 * The payment gateway and the SMS sender chosen by configuration (PORTAL_PAYMENT_GATEWAY,
 * PORTAL_SMS_SENDER): the built-in development ones (sandbox bank, SMS outbox: `undefined` here, so the
 * plugins build them), none (`null`), or a module of the deployment's own. Such a module's default export
 * is a factory:
 *
 * ```ts
 * // my-sms.ts — PORTAL_SMS_SENDER=./my-sms.ts
 * import type { SmsSenderFactory } from './server/services/common/providers.ts';
 * const create: SmsSenderFactory = ({ env }) => ({
 *   async send(message) { await callMyProvider(env.MY_SMS_KEY, message.phone, message.text); },
 * });
 * export default create;
 * ```
 *
 * (server/README.md "Providers" has the payment example.) A module that fails to load, or whose export
 * is not a factory of the right shape, stops the start with a ConfigError naming the variable.
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, type AppConfig, type ProviderChoice } from '../../config.ts';
import type { SmsSender } from '../accounts/context.ts';
import type { SigningProvider } from '../esign/types.ts';
import type { PaymentGateway } from '../payments/gateway.ts';

/** What a provider factory receives. */
export interface ProviderContext {
  /** The process environment: a provider reads its own settings (keys, endpoints) from it. */
  env: NodeJS.ProcessEnv;
  nodeEnv: AppConfig['nodeEnv'];
  /** PORTAL_DATA_DIR. */
  dataDir: string;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export type ProviderFactory<T> = (context: ProviderContext) => T | Promise<T>;
/** The default export of a PORTAL_PAYMENT_GATEWAY module. */
export type PaymentGatewayFactory = ProviderFactory<PaymentGateway>;
/** The default export of a PORTAL_SMS_SENDER module. */
export type SmsSenderFactory = ProviderFactory<SmsSender>;
/**
 * The default export of a PORTAL_ESIGN_PROVIDER module: a real e-sign provider (a national CA's service)
 * in place of the installation's own CA. It signs (one PAdES signature per call, incremental, in the
 * document's signature field `sig_<slot>`) and verifies with its own trust anchors:
 *
 * ```ts
 * // my-esign.ts — PORTAL_ESIGN_PROVIDER=./my-esign.ts
 * import type { SigningProviderFactory } from './server/services/common/providers.ts';
 * const create: SigningProviderFactory = ({ env }) => ({
 *   async sign(pdf, request) { return callMyCa(env.MY_CA_KEY, pdf, request); },
 *   async verify(pdf) { return verifyWithMyCa(pdf); },
 * });
 * export default create;
 * ```
 */
export type SigningProviderFactory = ProviderFactory<SigningProvider>;

export interface Providers {
  /** undefined: the sandbox bank; null: no online payment. */
  gateway: PaymentGateway | null | undefined;
  /** undefined: the SMS outbox; null: no SMS. */
  smsSender: SmsSender | null | undefined;
  /** undefined: the installation's own CA (LocalCaSigningProvider, built by the esign plugin on the database). */
  signing: SigningProvider | undefined;
}

function isGateway(v: unknown): v is PaymentGateway {
  const g = v as Partial<PaymentGateway> | null;
  return (
    !!g &&
    typeof g.name === 'string' &&
    g.name !== '' &&
    typeof g.displayName === 'string' &&
    typeof g.ack === 'string' &&
    typeof g.createOrder === 'function' &&
    typeof g.verify === 'function'
  );
}

function isSigningProvider(v: unknown): v is SigningProvider {
  const p = v as Partial<SigningProvider> | null;
  return !!p && typeof p.sign === 'function' && typeof p.verify === 'function';
}

function isSmsSender(v: unknown): v is SmsSender {
  return !!v && typeof (v as Partial<SmsSender>).send === 'function';
}

async function fromModule<T>(variable: string, modulePath: string, context: ProviderContext, valid: (v: unknown) => v is T, shape: string): Promise<T> {
  const fail = (why: string) => new ConfigError(`配置错误（环境变量）:\n  ${variable}: 无法使用提供者模块 ${modulePath}：${why} / cannot use provider module ${modulePath}: ${why}`);
  let exported: unknown;
  try {
    exported = ((await import(pathToFileURL(modulePath).href)) as { default?: unknown }).default;
  } catch (err) {
    throw fail((err as Error).message);
  }
  if (typeof exported !== 'function') throw fail('默认导出须为工厂函数 (default export must be a factory function)');
  const built: unknown = await (exported as ProviderFactory<unknown>)(context);
  if (!valid(built)) throw fail(`工厂须返回 ${shape} (the factory must return a ${shape})`);
  return built;
}

async function choose<T, B extends string>(choice: ProviderChoice<B>, variable: string, context: ProviderContext, valid: (v: unknown) => v is T, shape: string): Promise<T | null | undefined> {
  if (choice.kind === 'none') return null;
  if ('path' in choice) return fromModule(variable, choice.path, context, valid, shape);
  return undefined;
}

/** Builds the configured providers (main.ts passes them to buildApp). */
export async function loadProviders(config: Pick<AppConfig, 'payment' | 'sms' | 'nodeEnv' | 'dataDir'> & Partial<Pick<AppConfig, 'esign'>>, log: ProviderContext['log'], env: NodeJS.ProcessEnv = process.env): Promise<Providers> {
  const context: ProviderContext = { env, nodeEnv: config.nodeEnv, dataDir: config.dataDir, log };
  return {
    gateway: await choose(config.payment, 'PORTAL_PAYMENT_GATEWAY', context, isGateway, 'PaymentGateway'),
    smsSender: await choose(config.sms, 'PORTAL_SMS_SENDER', context, isSmsSender, 'SmsSender'),
    signing: (await choose(config.esign ?? { kind: 'local' }, 'PORTAL_ESIGN_PROVIDER', context, isSigningProvider, 'SigningProvider')) ?? undefined,
  };
}

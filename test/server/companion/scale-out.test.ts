/**
 * Scale-out (DESIGN.md, "Hosting and scale-out"): two companion processes on one PostgreSQL and
 * one Redis, against one sandbox, with the shopper's requests alternating between them as a load
 * balancer would send them. One order raced on both makes one attempt and one payment; a
 * notification taken by one and a status poll on the other agree; the payment-start limit counts
 * on both together; and a process killed in the middle of a payment leaves nothing the other
 * cannot finish. Needs TEST_DATABASE_URL and TEST_REDIS_URL; prints its figures as one JSON line.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CompanionStore } from '../../../server/companion/store/store.ts';
import { POSTGRES_URL, TEST_DATABASES } from '../helpers/databases.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';
import { askAsTheWidget } from '../helpers/companion.ts';
import { startInstance, type Instance, type InstanceOptions } from './scale/instances.ts';
import {
  countsInRedis,
  newClient,
  openHosted,
  orderStatus,
  payOpened,
  startSession,
} from './scale/shopper.ts';
import { until } from '../helpers/until.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const postgres = TEST_DATABASES.find((database) => database.name === 'postgres');

/** How long anything that settles by itself may take. */
const BOUND_MS = 10_000;
const settling = { timeoutMs: BOUND_MS, everyMs: 100 };
/** The dedicated pair's payment starts per client and minute. */
const STARTS_PER_MINUTE = 4;

const skip = !POSTGRES_URL
  ? 'TEST_DATABASE_URL is not set'
  : !REDIS_URL
    ? 'TEST_REDIS_URL is not set'
    : false;

describe('two companion instances on one PostgreSQL and one Redis', { skip }, () => {
  let store: CompanionStore;
  let sandbox: RunningSandbox;
  /** The pair every shopper test uses; `a` is killed by the last test. */
  let a: Instance;
  let b: Instance;
  /** A pair of its own for the rate limit: a low start limit, and the client from the proxy. */
  let limitedA: Instance;
  let limitedB: Instance;
  /** What `after` undoes, last first. */
  const cleanups: (() => Promise<unknown>)[] = [];
  const figures: Record<string, unknown> = {};

  const attemptsOf = (ref: string) =>
    store.db.selectFrom('attempts').selectAll().where('order_ref', '=', ref).execute();
  const atService = async (orderNos: string[]) =>
    (await sandbox.client().query({ order_no: orderNos })).orders;
  /** The sandbox's notifications about one order number, where they went and how they fared. */
  const notificationsAbout = (orderNo: string) =>
    sandbox.sandbox.engine.store
      .notifications()
      .filter((row) => JSON.parse(row.body).order_no === orderNo);

  before(async () => {
    if (!postgres || !REDIS_URL) throw new Error('unreachable: the suite is skipped without them');
    const database = await postgres.create();
    cleanups.push(() => database.drop());
    // Opened (and so migrated) before any instance starts: no instance races another's migration.
    store = await CompanionStore.open(database.location);
    cleanups.push(() => store.close());
    // Quick retries: a notification to a dead instance is given up on within a second.
    sandbox = await startSandbox({ notificationRetryMs: [50, 100, 200, 400] });
    cleanups.push(() => sandbox.close());

    // One deployment: its instances share Redis's counters under one prefix.
    const rateLimitPrefix = `acquiring-checkout:scale-${randomBytes(4).toString('hex')}:rl:`;
    const shared = {
      gateway: sandbox.url,
      database: database.location,
      redisUrl: REDIS_URL,
      rateLimitPrefix,
    };
    const limited = { ...shared, startsPerMinute: STARTS_PER_MINUTE, trustProxy: true };
    const start = async (options: InstanceOptions) => {
      const instance = await startInstance(options);
      cleanups.push(() => instance.kill());
      return instance;
    };
    const started = performance.now();
    [a, b, limitedA, limitedB] = await Promise.all([
      start(shared),
      start(shared),
      start(limited),
      start(limited),
    ]);
    // Ready as a load balancer would take them: started, and counting in Redis (each instance
    // connects to Redis on its own, and counts its limits in its own memory until it has).
    await Promise.all(
      [a, b, limitedA, limitedB].map((instance) =>
        until(() => countsInRedis(instance.url), Boolean, settling),
      ),
    );
    figures.fourInstancesReadyMs = Math.round(performance.now() - started);
  });

  after(async () => {
    console.log(JSON.stringify({ scaleOut: figures }));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('20 parallel session requests for one order, on both instances, make one attempt and one order at the service', async () => {
    const ref = 'mug.scale-race';
    const started = performance.now();
    const answers = await Promise.all(
      // As the widget's client asks: a request past its wait for the other instance's work is
      // told when to ask again (recoveries.ts).
      Array.from({ length: 20 }, (_, i) =>
        askAsTheWidget(() => startSession(i % 2 ? b.url : a.url, ref)),
      ),
    );
    figures.parallelSessions20Ms = Math.round(performance.now() - started);

    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(20).fill(201),
    );
    assert.deepEqual(new Set(answers.map((answer) => answer.body.order_no)), new Set([`${ref}-1`]));
    assert.equal(new Set(answers.map((answer) => answer.body.status_token)).size, 1);
    const attempts = await attemptsOf(ref);
    assert.deepEqual(
      attempts.map((attempt) => attempt.order_no),
      [`${ref}-1`],
      'one attempt in the store',
    );
    const orders = await atService([`${ref}-1`, `${ref}-2`]);
    assert.deepEqual(
      orders.map((order) => order.order_no),
      [`${ref}-1`],
      'one order at the service',
    );
  });

  it('a notification delivered to one instance and a status poll on the other agree', async () => {
    const ref = 'tee.scale-notify';
    const session = await startSession(a.url, ref);
    assert.equal(session.status, 201);
    const orderNo = String(session.body.order_no);
    const token = String(session.body.status_token);
    const back = await payOpened(sandbox.url, await openHosted(String(session.body.frame_url)));
    assert.equal(back.pathname, `/return/checkout/${ref}`, 'the shopper is sent back');
    const paid = performance.now();

    // The service tells the instance that created the order: the notification goes to A.
    const [notification] = await until(
      async () => notificationsAbout(orderNo),
      (rows) => rows.some((row) => row.state === 'delivered'),
      settling,
    );
    assert.equal(notification?.url, `${a.url}/api/notifications`);

    const onB = await until(
      () => orderStatus(b.url, ref, token),
      (answer) => answer.body.status === 'authorised',
      settling,
    );
    figures.notifiedOnAToAuthorisedOnBMs = Math.round(performance.now() - paid);
    const onA = await orderStatus(a.url, ref, token);
    assert.equal(onB.status, 200);
    assert.equal(onA.status, 200);
    assert.deepEqual(onA.body, onB.body, 'both instances answer the same order');
    assert.equal(onA.body.order_no, orderNo);
    assert.ok(onA.body.transaction_id, 'with the service’s transaction id');
  });

  it('counts a client’s payment starts on both instances together', async () => {
    const shopper = newClient();
    const statuses: number[] = [];
    for (let i = 0; i <= STARTS_PER_MINUTE; i++) {
      const instance = i % 2 ? limitedB : limitedA;
      statuses.push((await startSession(instance.url, `poster.scale-limit${i}`, shopper)).status);
    }
    figures.startsOneClientAlternating = statuses;

    assert.deepEqual(statuses, [...Array(STARTS_PER_MINUTE).fill(201), 429]);
    // Per client, not for everyone: another client still starts a payment on either instance.
    const other = newClient();
    assert.equal((await startSession(limitedB.url, 'poster.scale-other', other)).status, 201);
  });

  it('an instance killed in the middle of a payment leaves the other to finish it', async () => {
    const ref = 'poster.scale-kill';
    const created = await startSession(a.url, ref);
    assert.equal(created.status, 201);
    const orderNo = String(created.body.order_no);

    // The shopper has a session; before they pay, the instance that made it dies.
    const killed = performance.now();
    assert.equal(await a.kill(), 'SIGKILL');
    assert.equal((await startSession(a.url, ref)).status, 0, 'A is gone');

    // The widget asks again, and the load balancer sends it to B: the same attempt, a page on B.
    const again = await startSession(b.url, ref);
    assert.equal(again.status, 201);
    assert.equal(again.body.order_no, orderNo, 'the same attempt, not a second one');
    assert.equal(again.body.status_token, created.body.status_token);
    const frameUrl = String(again.body.frame_url);
    assert.ok(frameUrl.startsWith(`${b.url}/pay/`), frameUrl);
    const back = await payOpened(sandbox.url, await openHosted(frameUrl));
    assert.equal(back.pathname, `/return/checkout/${ref}`, 'the shopper is sent back');
    const paid = performance.now();

    // The notification goes to A's address, where nothing answers; B asks the service instead.
    const status = await until(
      () => orderStatus(b.url, ref, String(created.body.status_token)),
      (answer) => answer.body.status === 'authorised',
      settling,
    );
    figures.killToAuthorisedOnBMs = Math.round(performance.now() - killed);
    figures.payToAuthorisedOnBMs = Math.round(performance.now() - paid);
    assert.equal(status.body.order_no, orderNo);

    const notifications = notificationsAbout(orderNo);
    assert.ok(notifications.length > 0, 'the service did notify');
    assert.ok(
      notifications.every(
        (row) => row.url === `${a.url}/api/notifications` && row.state !== 'delivered',
      ),
      'only to the dead instance, which never took it',
    );
    const attempts = await attemptsOf(ref);
    assert.deepEqual(
      attempts.map((attempt) => [attempt.order_no, attempt.state]),
      [[orderNo, 'ready']],
      'one attempt in the store',
    );
    const orders = await atService([orderNo, `${ref}-2`]);
    assert.deepEqual(
      orders.map((order) => [order.order_no, order.payment_status]),
      [[orderNo, 'authorised']],
      'one authorised payment at the service',
    );
    const order = await store.orders.get(ref);
    assert.equal(order?.status, 'authorised', 'the shared store says so too');
  });
});

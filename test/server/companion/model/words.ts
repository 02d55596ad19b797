/**
 * The model-based test's own words for the lifecycle's states and statuses, written from its
 * rules (docs/site/companion/lifecycle.md), not imported from the product: a wrong definition
 * there must not weaken the check meant to catch it.
 */

/** The service's statuses that hold the shopper's money (or may: held for review). */
export const MONEY_HELD = ['review', 'authorised', 'captured', 'partially_refunded', 'refunded'];
/** The service's statuses that end a payment unpaid. */
export const ENDED_UNPAID = ['declined', 'failed', 'cancelled'];
/** The companion's order statuses that wait on the service: a query may still settle them. */
export const WAITING_ON_SERVICE = ['pending', 'unknown'];
/** The attempt states that are over for good: nothing moves an attempt out of them. */
export const FINISHED = ['failed', 'abandoned', 'expired'];
/** The attempt states whose outcome the companion does not know yet (reconciliation settles them). */
export const UNDECIDED = ['creating', 'unknown'];

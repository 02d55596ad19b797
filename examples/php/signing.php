<?php
/**
 * The `hmac-sha256` signature of docs/site/gateway/wire-formats-and-signing.md in plain PHP 8:
 * what a merchant's PHP backend needs to sign a request to the service or check a notification.
 * Bodies are decoded with json_decode($text) (objects, not arrays), so that {} and [] stay apart.
 *
 * Run as a script it reads the key as its first argument and one JSON body per line on standard
 * input, and prints each body's signature on its own line (the test suite compares it with
 * server/gateway/signing.ts on generated bodies).
 */

const SIGNATURE_FIELD = 'encryption_data';

/** Names in UTF-16 code-unit order, as JavaScript sorts; PHP would sort "10" and "9" as numbers. */
function signing_sorted(array $names): array
{
    $names = array_map('strval', $names);
    usort($names, fn ($a, $b) => strcmp(iconv('UTF-8', 'UTF-16BE', $a), iconv('UTF-8', 'UTF-16BE', $b)));
    return $names;
}

function signing_is_empty($value): bool
{
    return $value === null || $value === '' || $value === []
        || (is_object($value) && get_object_vars($value) === []);
}

function signing_leaf($value): string
{
    if (is_bool($value)) throw new InvalidArgumentException('the interface has no true or false values');
    // JavaScript writes 3.0 as 3; json_encode writes other floats in their shortest round-trip form.
    if (is_float($value)) return floor($value) == $value ? (string) (int) $value : json_encode($value);
    return (string) $value;
}

function signing_json($value): string
{
    $flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES;
    if (is_array($value)) {
        $items = array_filter($value, fn ($item) => $item !== null);
        return '[' . implode(',', array_map('signing_json', $items)) . ']';
    }
    if (is_object($value)) {
        $members = array_filter(get_object_vars($value), fn ($member) => $member !== null);
        $written = array_map(
            fn ($name) => json_encode($name, $flags) . ':' . signing_json($members[$name]),
            signing_sorted(array_keys($members)),
        );
        return '{' . implode(',', $written) . '}';
    }
    return json_encode(signing_leaf($value), $flags);
}

function signing_canonical_string(object $fields): string
{
    $all = get_object_vars($fields);
    $kept = array_filter($all, fn ($value, $name) => $name !== SIGNATURE_FIELD && !signing_is_empty($value), ARRAY_FILTER_USE_BOTH);
    $written = array_map(function ($name) use ($kept) {
        $value = $kept[$name];
        return $name . '=' . (is_array($value) || is_object($value) ? signing_json($value) : signing_leaf($value));
    }, signing_sorted(array_keys($kept)));
    return implode('&', $written);
}

/** The lowercase hex signature of a body decoded with json_decode($text). */
function signing_sign(object $fields, string $key): string
{
    return hash_hmac('sha256', signing_canonical_string($fields), $key);
}

/** True when the body's encryption_data is its signature under $key (constant-time compare). */
function signing_verify(object $fields, string $key): bool
{
    $given = $fields->{SIGNATURE_FIELD} ?? null;
    return is_string($given) && hash_equals(signing_sign($fields, $key), strtolower($given));
}

if (PHP_SAPI === 'cli' && realpath($argv[0]) === __FILE__) {
    while (($line = fgets(STDIN)) !== false) {
        if (trim($line) === '') continue;
        echo signing_sign(json_decode($line), $argv[1]), "\n";
    }
}

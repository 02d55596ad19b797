<?php
// What an order costs, answered to the companion (ORDER_RESOLVER) by a backend in PHP.
//
// No extension or framework. The companion asks GET /orders/<order_ref> with the bearer token
// both share (ORDER_RESOLVER_TOKEN), and pays what this answers: the browser never names an
// amount. PHP's built-in server runs it as it is (behind PHP-FPM it runs unchanged):
//
//   ORDER_RESOLVER_TOKEN=<a long random token> php -S 127.0.0.1:8001 resolver.php
//   # the companion: ORDER_RESOLVER=http://127.0.0.1:8001/orders/{order_ref}

$token = getenv('ORDER_RESOLVER_TOKEN');
// Your shop's own records stand here: prices in cents, never a float.
$products = ['tee' => ['Organic T-shirt', 2500], 'mug' => ['Enamel mug', 1200]];
$orders = ['order-1001' => ['tee' => 2, 'mug' => 1], 'order-1002' => ['mug' => 3]];

function answer(int $status, array $body): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($body);
}

function decimal(int $cents): string
{
    return sprintf('%d.%02d', intdiv($cents, 100), $cents % 100);
}

$given = $_SERVER['HTTP_AUTHORIZATION'] ?? '';
if ($token === false || !hash_equals("Bearer $token", $given)) {
    answer(401, ['error' => 'unauthorized']);
    return;
}
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($_SERVER['REQUEST_METHOD'] !== 'GET' || !str_starts_with($path, '/orders/')) {
    answer(404, ['error' => 'not_found']);
    return;
}
$lines = $orders[rawurldecode(substr($path, strlen('/orders/')))] ?? null;
if ($lines === null) {
    answer(404, ['error' => 'no such order']);
    return;
}
$items = [];
$total = 0;
foreach ($lines as $sku => $count) {
    [$name, $cents] = $products[$sku];
    $items[] = ['name' => $name, 'sku' => $sku, 'unit_price' => decimal($cents), 'quantity' => $count];
    $total += $cents * $count;
}
answer(200, ['amount' => decimal($total), 'currency' => 'USD', 'items' => $items]);

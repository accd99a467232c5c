// Made from the transcripts of 'Shop' by `scenery eject --tests`: edit it as your own code.

import Foundation
import SceneManifest
import SceneRuntime
import SceneTesting
import Testing

/// russian.transcript as a test of the ejected scenes: its inputs sent as they were typed, each frame the
/// JSON scenes showed asserted.
@MainActor
@Suite struct RussianTranscriptTests {
    @Test func replay() async throws {
        let app = try SceneTester(app: ShopScenesTranscripts.app, locale: "ru_RU", registry: ShopScenesTranscripts.registry(), width: 48)
        app.exhaustivity = .off
        await app.start()
        app.assertLines([
            "== Вход ==",
            "Почта: []",
            "[ Войти ] (disabled)"
        ])
        await app.send("email ada@example.com")
        app.assertLines([
            "== Вход ==",
            "Почта: [ada@example.com]",
            "[ Войти ]"
        ])
        await app.send("login")
        app.assertLines([
            "== Каталог ==",
            "Поиск: []",
            "1. Earbuds                                0,10 $",
            "2. Screen Protector                       0,20 $",
            "3. USB-C Cable                            9,99 $",
            "4. Phone Case                            19,50 $",
            "5. Wireless Charger                      29,90 $",
            "6. Noise-Cancelling Headphones          249,00 $",
            "7. Pixel 8                              699,00 $",
            "8. iPhone 15                            799,00 $",
            "8 товаров",
            "[ Сначала дешёвые ]",
            "[ Корзина (0) ] (disabled)",
            "[ Скидки ]",
            "[ Заказы ]",
            "[ Выйти (ada@example.com) ]"
        ])
        await app.send("load phone")
        app.assertLines([
            "== Каталог ==",
            "Поиск: [phone]",
            "1. Phone Case                            19,50 $",
            "2. Noise-Cancelling Headphones          249,00 $",
            "3. Pixel 8                              699,00 $",
            "4. iPhone 15                            799,00 $",
            "4 товара",
            "[ Сначала дешёвые ]",
            "[ Корзина (0) ] (disabled)",
            "[ Скидки ]",
            "[ Заказы ]",
            "[ Выйти (ada@example.com) ]"
        ])
        await app.send("open 2")
        app.assertLines([
            "== Noise-Cancelling Headphones ==",
            "Цена: 249,00 $",
            "bluetooth",
            "[ В корзину ]",
            "[ Корзина (0) ] (disabled)"
        ])
        await app.send("add")
        app.assertLines([
            "== Noise-Cancelling Headphones ==",
            "Цена: 249,00 $",
            "bluetooth",
            "Noise-Cancelling Headphones в корзине",
            "[ В корзину ]",
            "[ Корзина (1) ]"
        ])
        await app.send("add")
        app.assertLines([
            "== Noise-Cancelling Headphones ==",
            "Цена: 249,00 $",
            "bluetooth",
            "Noise-Cancelling Headphones в корзине",
            "[ В корзину ]",
            "[ Корзина (1) ]"
        ])
        await app.send("cart")
        app.assertLines([
            "== Корзина ==",
            "1. Noise-Cancelling Headphones × 2      498,00 $",
            "------------------------------------------------",
            "Итого: 498,00 $",
            "[ Оформить ]",
            "[ Бонусы ]",
            "[ Назад ]"
        ])
        await app.finish()
    }
}

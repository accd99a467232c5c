import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// The Shop sample's Swift components: one of each kind the registry takes, registered
/// under the names `Scenes/Shop` uses. An app's own executable calls ``register(into:)``
/// and then the ordinary command entry point.
public enum ShopComponents {
    /// Two scenes written in Swift by hand: their use cases run in place of the manifest's
    /// (docs/cli.md#a-scene-in-swift).
    @MainActor
    public static func registerScenes(into registry: SceneRegistry) {
        registry.register(scene: "Launch", LaunchBuilder.useCases)
        registry.register(scene: "Login", LoginBuilder.useCases)
    }

    @MainActor
    public static func register(into registry: SceneRegistry) {
        registry.register(provider: "LoyaltyAccounts", LoyaltyAccounts())
        registry.register(worker: "loyaltyPoints") { (cart: [CartLine], args: PointsArgs) in
            LoyaltyRules.points(for: cart, rate: args.rate)
        }
        registry.register(interactor: "RedeemPoints") { (request: Redeem.Request, present: (Redeem.Response) -> Void, _) in
            guard request.points > 0, request.points % 100 == 0 else {
                throw RedeemError(message: "points are redeemed in hundreds, not \(request.points)")
            }
            present(Redeem.Response(message: "\(request.points) points make a \(LoyaltyRules.voucher(for: request.points)) voucher"))
        }
        registry.register(presenter: "RewardsPresenter") { (response: Rewards.Response) in
            Rewards.ViewModel(
                headline: "You have \(response.points) points",
                earn: response.earn > 0 ? "This cart earns \(response.earn) more" : "Add something to earn points",
                tier: response.tier)
        }
        registry.register(formatter: "tierBadge") { value in
            switch value.description {
            case "gold": "★★★ Gold"
            case "silver": "★★ Silver"
            default: "★ Bronze"
            }
        }
    }
}

public struct CartLine: Codable, Sendable {
    public var price: Decimal
    public var quantity: Int
}

public struct PointsArgs: Codable, Sendable {
    public var rate: Decimal
}

/// Points and vouchers: plain logic a Swift team keeps in Swift.
public enum LoyaltyRules {
    /// Whole points for a cart: the total times the rate, rounded down.
    public static func points(for cart: [CartLine], rate: Decimal) -> Int {
        var total = cart.reduce(Decimal(0)) { $0 + $1.price * Decimal($1.quantity) } * rate
        var whole = Decimal()
        NSDecimalRound(&whole, &total, 0, .down)
        return NSDecimalNumber(decimal: whole).intValue
    }

    /// A voucher worth one dollar per hundred points.
    public static func voucher(for points: Int) -> String { "$\(points / 100).00" }
}

/// A typed provider: the loyalty account of the signed-in user.
public struct LoyaltyAccounts: Provider {
    public struct Query: Codable, Sendable { public var user: String? }
    public struct Account: Codable, Sendable, Equatable {
        public var points: Int
        public var tier: String
    }

    public init() {}

    public func fetch(_ query: Query) async throws -> Account {
        guard let user = query.user, !user.isEmpty else { return Account(points: 0, tier: "bronze") }
        // A deterministic stand-in for a loyalty service: points from the user's name.
        let points = user.unicodeScalars.reduce(0) { $0 + Int($1.value) } % 1000
        return Account(points: points, tier: points >= 700 ? "gold" : points >= 300 ? "silver" : "bronze")
    }
}

public enum Rewards {
    public struct Response: Codable, Sendable {
        public var points: Int
        public var tier: String
        public var earn: Int
    }

    public struct ViewModel: Codable, Sendable {
        public var headline: String
        public var earn: String
        public var tier: String
    }
}

public enum Redeem {
    public struct Request: Codable, Sendable { public var points: Int }
    public struct Response: Codable, Sendable { public var message: String }
}

struct RedeemError: Error, LocalizedError {
    let message: String
    var errorDescription: String? { message }
}

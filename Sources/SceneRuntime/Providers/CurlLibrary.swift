#if os(Linux)
    import Foundation
    import ScenerySupport

    /// The system's libcurl, loaded the first time an `http` provider fetches: no link-time
    /// dependency, so `scenery` starts without the thirty libraries FoundationNetworking brings
    /// (a third of its start-up). Linux has `libcurl.so.4` wherever the Swift toolchain runs
    /// (FoundationNetworking is built on it); where it is missing, the fetch is a clear error.
    ///
    /// `curl_easy_setopt` and `curl_easy_getinfo` are C variadic functions, called here through
    /// pointers typed with the one argument each call passes: on x86-64 and AArch64 Linux a
    /// variadic integer or pointer argument is passed as a fixed one is.
    final class CurlLibrary: Sendable {
        typealias Handle = OpaquePointer
        typealias Init = @convention(c) () -> Handle?
        typealias Cleanup = @convention(c) (Handle?) -> Void
        typealias Perform = @convention(c) (Handle?) -> Int32
        typealias SetPointer = @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
        typealias SetInteger = @convention(c) (Handle?, Int32, Int) -> Int32
        typealias GetInteger = @convention(c) (Handle?, Int32, UnsafeMutablePointer<Int>?) -> Int32
        typealias ListAppend = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
        typealias ListFree = @convention(c) (OpaquePointer?) -> Void
        typealias GlobalInit = @convention(c) (Int) -> Int32
        /// `size_t (char *data, size_t size, size_t count, void *context)`: bytes taken, or
        /// fewer to stop the transfer.
        typealias Receive = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int
        /// `int (void *context, off_t, off_t, off_t, off_t)`: non-zero stops the transfer.
        typealias Progress = @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32

        let easyInit: Init
        let cleanup: Cleanup
        let perform: Perform
        let setPointer: SetPointer
        let setInteger: SetInteger
        let getInteger: GetInteger
        let listAppend: ListAppend
        let listFree: ListFree

        static let names = ["libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4"]

        /// The library, loaded and initialised once; nil when the system has none.
        static let shared: CurlLibrary? = {
            guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
            return CurlLibrary(handle)
        }()

        private init?(_ handle: UnsafeMutableRawPointer) {
            func symbol<T>(_ name: String, as type: T.Type) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: type) } }
            guard let globalInit = symbol("curl_global_init", as: GlobalInit.self),
                let easyInit = symbol("curl_easy_init", as: Init.self),
                let cleanup = symbol("curl_easy_cleanup", as: Cleanup.self),
                let perform = symbol("curl_easy_perform", as: Perform.self),
                let setPointer = symbol("curl_easy_setopt", as: SetPointer.self),
                let setInteger = symbol("curl_easy_setopt", as: SetInteger.self),
                let getInteger = symbol("curl_easy_getinfo", as: GetInteger.self),
                let listAppend = symbol("curl_slist_append", as: ListAppend.self),
                let listFree = symbol("curl_slist_free_all", as: ListFree.self),
                globalInit(Self.globalAll) == 0
            else { return nil }
            (self.easyInit, self.cleanup, self.perform) = (easyInit, cleanup, perform)
            (self.setPointer, self.setInteger, self.getInteger, self.listAppend, self.listFree) =
                (setPointer, setInteger, getInteger, listAppend, listFree)
        }

        // Options, information and codes from curl.h.
        static let globalAll = 3
        static let url: Int32 = 10002
        static let writeData: Int32 = 10001
        static let writeFunction: Int32 = 20011
        static let headerData: Int32 = 10029
        static let headerFunction: Int32 = 20079
        static let httpHeader: Int32 = 10023
        static let customRequest: Int32 = 10036
        static let postFields: Int32 = 10015
        static let postFieldSize: Int32 = 60
        static let noBody: Int32 = 44
        static let noProgress: Int32 = 43
        static let progressData: Int32 = 10057
        static let progressFunction: Int32 = 20219
        static let followLocation: Int32 = 52
        static let maxRedirects: Int32 = 68
        static let timeoutMilliseconds: Int32 = 155
        static let noSignal: Int32 = 99
        static let acceptEncoding: Int32 = 10102
        static let responseCode: Int32 = 0x20_0002

        static let couldNotResolveHost: Int32 = 6
        static let couldNotConnect: Int32 = 7
        static let timedOut: Int32 = 28
        static let gotNothing: Int32 = 52
        static let weirdReply: Int32 = 8
    }
#endif

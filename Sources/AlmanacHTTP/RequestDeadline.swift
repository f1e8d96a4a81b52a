import NIOCore
import NIOHTTPTypes

/// Closes a connection whose next exchange does not finish in time: from the connection's opening,
/// or the end of the previous response, until the end of the next response is written, at most
/// `seconds`. So an idle connection, a client that sends its request a byte at a time (slowloris), one
/// that never finishes its body, and one that does not read its response each hold a connection for
/// at most that long, whatever they do; an idle-read timer alone is reset by every byte.
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let deadline: TimeAmount
    private var timer: Scheduled<Void>?

    init(seconds: Double) {
        deadline = .nanoseconds(Int64(seconds * 1_000_000_000))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd: Bool
        if case .end = unwrapOutboundIn(data) { isEnd = true } else { isEnd = false }
        context.write(data, promise: promise)
        // The next exchange's time starts when this response has been handed to the socket.
        if isEnd { arm(context) }
    }

    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: deadline) { channel.close(promise: nil) }
    }
}

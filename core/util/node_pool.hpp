#pragma once
// Memory for the nodes of node-based containers (std::set, std::map) that churn through millions
// of short-lived entries: a free list per node size, carved from large blocks, given back only
// when the pool goes. An allocation is a few instructions (malloc costs ~100, libstdc++'s
// std::pmr pool resources ~150) and a node carries no malloc header. Not thread-safe: one pool
// serves one simulation.
#include <cstddef>
#include <memory>
#include <new>
#include <vector>

namespace clens {

class NodePool {
public:
    NodePool() = default;
    NodePool(const NodePool&) = delete;
    NodePool& operator=(const NodePool&) = delete;

    void* allocate(std::size_t bytes)
    {
        const auto c = sizeClass(bytes);
        if (c >= kClasses)
            return ::operator new(bytes);
        if (c >= free_.size())
            free_.resize(c + 1, nullptr);
        if (auto* f = free_[c]) {
            free_[c] = f->next;
            return f;
        }
        const auto size = (c + 1) * kGrain;
        if (left_ < size) {
            blocks_.push_back(std::make_unique<std::byte[]>(kBlock));
            next_ = blocks_.back().get();
            left_ = kBlock;
        }
        void* p = next_;
        next_ += size;
        left_ -= size;
        return p;
    }
    void deallocate(void* p, std::size_t bytes)
    {
        const auto c = sizeClass(bytes);
        if (c >= kClasses) {
            ::operator delete(p);
            return;
        }
        auto* f = static_cast<Free*>(p);
        f->next = free_[c];
        free_[c] = f;
    }

private:
    struct Free {
        Free* next;
    };
    static constexpr std::size_t kGrain = alignof(std::max_align_t); // every node is aligned to it
    static constexpr std::size_t kClasses = 16;                      // nodes up to 16 grains; larger: operator new
    static constexpr std::size_t kBlock = std::size_t{1} << 16;
    static std::size_t sizeClass(std::size_t bytes) { return (bytes + kGrain - 1) / kGrain - 1; }

    std::vector<Free*> free_; // per size class
    std::vector<std::unique_ptr<std::byte[]>> blocks_;
    std::byte* next_ = nullptr;
    std::size_t left_ = 0;
};

// A standard allocator drawing from a NodePool (which must outlive the containers using it).
template <class T>
class PoolAllocator {
public:
    using value_type = T;
    explicit PoolAllocator(NodePool* pool) noexcept : pool_(pool) {}
    template <class U>
    PoolAllocator(const PoolAllocator<U>& other) noexcept : pool_(other.pool())
    {
    }
    T* allocate(std::size_t n) { return static_cast<T*>(pool_->allocate(n * sizeof(T))); }
    void deallocate(T* p, std::size_t n) noexcept { pool_->deallocate(p, n * sizeof(T)); }
    NodePool* pool() const noexcept { return pool_; }
    template <class U>
    bool operator==(const PoolAllocator<U>& other) const noexcept
    {
        return pool_ == other.pool();
    }

private:
    NodePool* pool_;
};

} // namespace clens

#pragma once
// A vector kept behind one pointer: 8 bytes in its owner instead of std::vector's 24, null while
// empty. For a list that most rows of a large table leave empty — a job's recorded attempts: a
// generated trace has none, and a trace of ten million jobs holds ten million such lists
// (docs/simulation.md "Ten million jobs"). A value like std::vector (copies copy the elements),
// with the part of std::vector's interface the product uses; its iterators are pointers.
#include <cstddef>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

namespace clens {

template <class T>
class BoxedVector {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;
    using reverse_iterator = std::reverse_iterator<iterator>;
    using const_reverse_iterator = std::reverse_iterator<const_iterator>;

    BoxedVector() noexcept = default;
    BoxedVector(std::vector<T> v) { *this = std::move(v); }
    BoxedVector(const BoxedVector& o) : box_(o.empty() ? nullptr : std::make_unique<std::vector<T>>(*o.box_)) {}
    BoxedVector(BoxedVector&&) noexcept = default;
    BoxedVector& operator=(const BoxedVector& o)
    {
        if (this != &o)
            box_ = o.empty() ? nullptr : std::make_unique<std::vector<T>>(*o.box_);
        return *this;
    }
    BoxedVector& operator=(BoxedVector&&) noexcept = default;
    BoxedVector& operator=(std::vector<T> v)
    {
        box_ = v.empty() ? nullptr : std::make_unique<std::vector<T>>(std::move(v));
        return *this;
    }

    std::size_t size() const noexcept { return box_ ? box_->size() : 0; }
    bool empty() const noexcept { return size() == 0; }

    iterator begin() noexcept { return box_ ? box_->data() : nullptr; }
    iterator end() noexcept { return begin() + size(); }
    const_iterator begin() const noexcept { return box_ ? box_->data() : nullptr; }
    const_iterator end() const noexcept { return begin() + size(); }
    reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
    reverse_iterator rend() noexcept { return reverse_iterator(begin()); }
    const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
    const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }

    T& operator[](std::size_t i) { return (*box_)[i]; }
    const T& operator[](std::size_t i) const { return (*box_)[i]; }
    T& at(std::size_t i) { return box_ ? box_->at(i) : throw std::out_of_range("BoxedVector::at: empty"); }
    const T& at(std::size_t i) const { return box_ ? box_->at(i) : throw std::out_of_range("BoxedVector::at: empty"); }
    T& front() { return box_->front(); }
    const T& front() const { return box_->front(); }
    T& back() { return box_->back(); }
    const T& back() const { return box_->back(); }

    void push_back(const T& v) { vec().push_back(v); }
    void push_back(T&& v) { vec().push_back(std::move(v)); }
    template <class... Args>
    T& emplace_back(Args&&... args)
    {
        return vec().emplace_back(std::forward<Args>(args)...);
    }
    void clear() noexcept { box_.reset(); }

private:
    std::vector<T>& vec()
    {
        if (!box_)
            box_ = std::make_unique<std::vector<T>>();
        return *box_;
    }
    std::unique_ptr<std::vector<T>> box_;
};

} // namespace clens

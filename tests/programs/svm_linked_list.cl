// SVM linked list: nodes in shared global memory linked by generic pointers, walked and extended on device
typedef struct Node {
    int global_id;
    int position_in_list;
    struct Node *pNext;
} Node;

Node *allocate_node(global Node *pool, volatile global atomic_int *alloc_idx)
{
    int idx = atomic_fetch_add_explicit(alloc_idx, 1, memory_order_relaxed,
                                        memory_scope_all_svm_devices);
    return &pool[idx];
}

kernel void svm_create_linked_lists(global Node *pNodes, volatile global atomic_int *allocator,
                                    int numLists)
{
    size_t i = get_global_id(0);
    Node *pNode = &pNodes[i];
    pNode->global_id = (int)i;
    pNode->position_in_list = 0;
    Node *pNew;
    for (int j = 1; j < numLists; ++j) {
        pNew = allocate_node(pNodes, allocator);
        pNew->global_id = (int)i;
        pNew->position_in_list = j;
        pNode->pNext = pNew;
        pNode = pNew;
    }
    pNode->pNext = NULL;
}

kernel void svm_verify_linked_lists(global Node *pNodes, volatile global uint *num_correct,
                                    int numLists)
{
    size_t i = get_global_id(0);
    Node *pNode = &pNodes[i];
    for (int j = 0; j < numLists; ++j) {
        if (pNode->global_id == (int)i && pNode->position_in_list == j)
            atomic_inc(num_correct);
        else
            break;
        pNode = pNode->pNext;
    }
}

kernel void svm_reverse_linked_list(global Node *head_slot, global int *length)
{
    if (get_global_id(0) != 0)
        return;
    Node *prev = NULL;
    Node *cur = head_slot->pNext;
    int n = 0;
    while (cur) {
        Node *next = cur->pNext;
        cur->pNext = prev;
        prev = cur;
        cur = next;
        ++n;
    }
    head_slot->pNext = prev;
    *length = n;
}
